import { api, unwrap } from '#app/lib/api-client.ts';

// Uploads are multipart forms (the typed client sends JSON only): fetch with the same credentials.
async function send<T>(path: string, method: 'PUT' | 'DELETE', form?: FormData): Promise<T> {
  const res = await fetch(`/api/media/${path}`, { method, body: form, credentials: 'include', headers: { Accept: 'application/json' } });
  return unwrap<T>(res);
}

/** PUT /api/media/profile-picture: the person's own picture (already scaled to WebP by the browser). */
export const uploadProfilePicture = (picture: Blob) => {
  const form = new FormData();
  form.append('picture', picture, 'picture.webp');
  return send<{ profilePicture: string }>('profile-picture', 'PUT', form);
};

export const removeProfilePicture = () => send<{ profilePicture: null }>('profile-picture', 'DELETE');

/** PUT /api/media/agents/{id}/cover: the cover and the cards' small copy. */
export const uploadCover = (agentId: number, cover: Blob, thumbnail: Blob) => {
  const form = new FormData();
  form.append('cover', cover, 'cover.webp');
  form.append('thumbnail', thumbnail, 'thumbnail.webp');
  return send<{ imageUrl: string; thumbnailUrl: string }>(`agents/${agentId}/cover`, 'PUT', form);
};

export const removeCover = (agentId: number) => send<{ imageUrl: null; thumbnailUrl: null }>(`agents/${agentId}/cover`, 'DELETE');

// The typed client still names the routes, so renaming one on the server fails the type check here.
export type UploadRoutes = typeof api.media;
