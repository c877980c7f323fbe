import { api, unwrap, type AnswerOf, type RouteCall } from '#app/lib/api-client.ts';

type Media = typeof api.media;

// Uploads are multipart forms (the typed client sends JSON only): fetch with the same credentials,
// the answer typed by the route it goes to (renaming one on the server fails the type check here).
async function send<Call extends RouteCall>(path: string, method: 'PUT' | 'DELETE', form?: FormData) {
  const res = await fetch(`/api/media/${path}`, {
    method,
    body: form,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  return unwrap(res as unknown as AnswerOf<Call>);
}

/** PUT /api/media/profile-picture: the person's own picture (already scaled to WebP by the browser). */
export const uploadProfilePicture = (picture: Blob) => {
  const form = new FormData();
  form.append('picture', picture, 'picture.webp');
  return send<Media['profile-picture']['$put']>('profile-picture', 'PUT', form);
};

export const removeProfilePicture = () => send<Media['profile-picture']['$delete']>('profile-picture', 'DELETE');

/** PUT /api/media/agents/{id}/cover: the cover and the cards' small copy. */
export const uploadCover = (agentId: number, cover: Blob, thumbnail: Blob) => {
  const form = new FormData();
  form.append('cover', cover, 'cover.webp');
  form.append('thumbnail', thumbnail, 'thumbnail.webp');
  return send<Media['agents'][':id']['cover']['$put']>(`agents/${agentId}/cover`, 'PUT', form);
};

export const removeCover = (agentId: number) =>
  send<Media['agents'][':id']['cover']['$delete']>(`agents/${agentId}/cover`, 'DELETE');
