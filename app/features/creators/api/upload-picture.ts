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

/** The share of an upload sent so far (0 to 1), or null while the browser cannot tell. */
export type UploadProgress = (sent: number | null) => void;

/**
 * As `send`, through XMLHttpRequest: fetch cannot report how much of a request body has gone, and
 * a cover on a phone's connection takes long enough to want a progress bar.
 */
function sendWithProgress<Call extends RouteCall>(path: string, form: FormData, onProgress: UploadProgress) {
  return new Promise<Response>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/api/media/${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => onProgress(event.lengthComputable ? event.loaded / event.total : null);
    xhr.onload = () =>
      resolve(
        new Response(xhr.status === 204 ? null : xhr.responseText, {
          status: xhr.status,
          headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'text/plain' },
        }),
      );
    xhr.onerror = () =>
      reject(new Error('The picture could not reach the server. Check your connection and try again.'));
    xhr.send(form);
  }).then((res) => unwrap(res as unknown as AnswerOf<Call>));
}

/** PUT /api/media/agents/{id}/cover: the cover and the cards' small copy, reporting its progress. */
export const uploadCover = (agentId: number, cover: Blob, thumbnail: Blob, onProgress: UploadProgress = () => {}) => {
  const form = new FormData();
  form.append('cover', cover, 'cover.webp');
  form.append('thumbnail', thumbnail, 'thumbnail.webp');
  return sendWithProgress<Media['agents'][':id']['cover']['$put']>(`agents/${agentId}/cover`, form, onProgress);
};

export const removeCover = (agentId: number) =>
  send<Media['agents'][':id']['cover']['$delete']>(`agents/${agentId}/cover`, 'DELETE');
