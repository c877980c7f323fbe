// The browser makes the uploaded copies (docs/decisions/0028): a chosen photo of several megabytes
// becomes a WebP of the size the pages show, cropped to fill it, before it leaves the phone.
import { CREATOR_MESSAGES, IMAGE_MAX_BYTES } from '#common/creators.ts';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

/** Says what is wrong with a chosen file before any work, or null. The server checks the bytes again. */
export function fileProblem(file: File): string | null {
  if (file.type && !ACCEPTED.includes(file.type)) return CREATOR_MESSAGES.imageType;
  return null;
}

async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file);
  } catch {
    throw new Error(CREATOR_MESSAGES.imageType);
  }
}

/** The picture cropped to fill width x height (centred), as WebP (JPEG where the browser cannot write WebP). */
export async function scaleTo(file: Blob, width: number, height: number): Promise<Blob> {
  const bitmap = await decode(file);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot prepare pictures');
  const scale = Math.max(width / bitmap.width, height / bitmap.height);
  const [w, h] = [bitmap.width * scale, bitmap.height * scale];
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, (width - w) / 2, (height - h) / 2, w, h);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.85));
  const out =
    blob && blob.type === 'image/webp'
      ? blob
      : await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (!out) throw new Error('This browser cannot prepare pictures');
  if (out.size > IMAGE_MAX_BYTES) throw new Error(CREATOR_MESSAGES.imageTooLarge);
  return out;
}
