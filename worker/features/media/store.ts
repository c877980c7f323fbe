// Uploaded pictures in R2 (docs/product.md#creators-and-earnings, docs/decisions/0028). Keys are content hashes, so a
// picture's address changes whenever its bytes do and it can be cached for a year; the database
// holds the `/media/...` path. An object is removed once nothing points at it any more (two agents
// may hold the same picture, one key).
import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import { CREATOR_MESSAGES, IMAGE_MAX_BYTES, IMAGE_MAX_SIDE, IMAGE_MIN_SIDE } from '#common/creators.ts';
import type { Bindings } from '#worker/env.ts';
import { HttpError } from '#worker/lib/http.ts';
import { inspectImage, type ImageInfo } from './image';

export const MEDIA_PREFIX = '/media/';
/** What GET /media/{key} answers for: a folder, a 64-hex-digit hash, a known extension. */
export const MEDIA_KEY = /^(covers|thumbs|avatars)\/[0-9a-f]{64}\.(png|jpg|webp)$/;

export type MediaKind = 'covers' | 'thumbs' | 'avatars';

export function mediaBucket(env: Bindings): R2Bucket {
  if (!env.MEDIA) throw new HttpError(503, 'Picture uploads are not configured');
  return env.MEDIA;
}

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Checks one uploaded file (a form field's value) and returns its bytes and what they are.
 * Refusals are 4xx with the message the person sees; nothing is stored before every file passed.
 */
export async function checkedImage(value: unknown): Promise<{ bytes: Uint8Array<ArrayBuffer>; info: ImageInfo }> {
  if (!(value instanceof File) && !(value instanceof Blob)) throw new HttpError(400, CREATOR_MESSAGES.imageMissing);
  if (value.size === 0) throw new HttpError(400, CREATOR_MESSAGES.imageMissing);
  if (value.size > IMAGE_MAX_BYTES) throw new HttpError(413, CREATOR_MESSAGES.imageTooLarge);
  const bytes = new Uint8Array(await value.arrayBuffer());
  const info = inspectImage(bytes);
  if (!info) throw new HttpError(415, CREATOR_MESSAGES.imageType);
  const sides = [info.width, info.height];
  if (sides.some((side) => side < IMAGE_MIN_SIDE || side > IMAGE_MAX_SIDE))
    throw new HttpError(422, CREATOR_MESSAGES.imageDimensions);
  return { bytes, info };
}

/** Stores checked bytes under their hash; returns the `/media/...` path. The same picture twice is one object. */
export async function storeImage(
  env: Bindings,
  kind: MediaKind,
  image: { bytes: Uint8Array<ArrayBuffer>; info: ImageInfo },
): Promise<string> {
  const key = `${kind}/${hex(await crypto.subtle.digest('SHA-256', image.bytes))}.${image.info.extension}`;
  await mediaBucket(env).put(key, image.bytes, {
    httpMetadata: { contentType: image.info.type, cacheControl: 'public, max-age=31536000, immutable' },
    customMetadata: { width: String(image.info.width), height: String(image.info.height) },
  });
  return MEDIA_PREFIX + key;
}

/** The R2 key of one of our `/media/...` paths, or null for anything else (seeded covers, outside addresses). */
export const mediaKey = (path: string | null | undefined): string | null => {
  if (!path?.startsWith(MEDIA_PREFIX)) return null;
  const key = path.slice(MEDIA_PREFIX.length);
  return MEDIA_KEY.test(key) ? key : null;
};

/** Removes the objects behind these paths that no user or agent refers to any longer. */
export async function removeUnused(env: Bindings, db: D1Database, paths: (string | null | undefined)[]): Promise<void> {
  const unique = [...new Set(paths.filter((p): p is string => mediaKey(p) !== null))];
  for (const path of unique) {
    const row = await db
      .prepare(
        `SELECT (SELECT count(*) FROM users WHERE profile_picture = ?1) + (SELECT count(*) FROM agents WHERE image_url = ?1 OR thumbnail_url = ?1) AS refs`,
      )
      .bind(path)
      .first<{ refs: number }>();
    if ((row?.refs ?? 0) === 0) await mediaBucket(env).delete(mediaKey(path)!);
  }
}
