// Small, valid picture files built byte by byte for the upload tests (worker/features/media).

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const text = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

/** A PNG header (signature, IHDR), `padding` bytes of IDAT and IEND. */
export function png(width: number, height: number, padding = 16): Uint8Array<ArrayBuffer> {
  const chunk = (type: string, data: number[]) => [...be32(data.length), ...text(type), ...data, 0, 0, 0, 0];
  const head = [
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk('IHDR', [...be32(width), ...be32(height), 8, 2, 0, 0, 0]),
    ...be32(padding),
    ...text('IDAT'),
  ];
  const tail = [0, 0, 0, 0, ...chunk('IEND', [])];
  // Typed arrays, not spread lists: the 2 MB cases stay fast.
  const out = new Uint8Array(head.length + padding + tail.length);
  out.set(head);
  out.fill(7, head.length, head.length + padding);
  out.set(tail, head.length + padding);
  return out;
}

/** A baseline JPEG's markers: SOI, APP0, SOF0 with the size, SOS, EOI. */
export function jpeg(width: number, height: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0,
    16,
    ...text('JFIF'),
    0,
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
    0xff,
    0xc0,
    0,
    17,
    8,
    (height >> 8) & 255,
    height & 255,
    (width >> 8) & 255,
    width & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xda,
    0,
    12,
    3,
    1,
    0,
    2,
    0x11,
    3,
    0x11,
    0,
    63,
    0,
    1,
    2,
    3,
    0xff,
    0xd9,
  ]);
}

/** An extended WebP (VP8X) of that size; `seed` changes its bytes, so its hash, not its size. */
export function webp(width: number, height: number, seed = 0): Uint8Array<ArrayBuffer> {
  const body = [
    ...text('WEBP'),
    ...text('VP8X'),
    ...le32(10),
    seed & 255,
    0,
    0,
    0,
    ...le24(width - 1),
    ...le24(height - 1),
  ];
  return new Uint8Array([...text('RIFF'), ...le32(body.length), ...body]);
}

/** Multipart form with the given files (name, bytes, file name, declared type). */
export function formWith(
  files: Record<string, [bytes: Uint8Array<ArrayBuffer> | string, fileName: string, type: string]>,
): FormData {
  const form = new FormData();
  for (const [field, [bytes, fileName, type]] of Object.entries(files))
    form.append(field, new File([bytes], fileName, { type }));
  return form;
}
