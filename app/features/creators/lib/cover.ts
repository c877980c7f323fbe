import { COVER_SIZE, THUMBNAIL_SIZE } from '#common/creators.ts';
import { fileProblem, scaleTo } from '#app/features/creators/lib/scale-image.ts';

/** A chosen picture made ready to upload: the cover and the cards' small copy, both cropped to 16:10. */
export interface PreparedCover {
  cover: Blob;
  thumbnail: Blob;
}

/**
 * Checks and scales a chosen picture in the browser (docs/decisions/0028) before anything is sent,
 * so a wrong file is refused at once, in words; the server checks the bytes again.
 */
export async function prepareCover(file: File): Promise<PreparedCover> {
  const problem = fileProblem(file);
  if (problem) throw new Error(problem);
  const [cover, thumbnail] = await Promise.all([
    scaleTo(file, COVER_SIZE.width, COVER_SIZE.height),
    scaleTo(file, THUMBNAIL_SIZE.width, THUMBNAIL_SIZE.height),
  ]);
  return { cover, thumbnail };
}
