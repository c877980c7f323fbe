// What an uploaded picture really is, from its bytes alone (docs/product.md#creators-and-earnings): the name and the
// Content-Type a browser sends are whatever the sender says. PNG, JPEG and WebP are recognised by
// their signatures and their headers are walked to the frame size, so a file that only starts like
// an image (a PNG behind a JPEG marker, an HTML page, an SVG) is refused. docs/decisions/0028.

export type ImageType = 'image/png' | 'image/jpeg' | 'image/webp';

export interface ImageInfo {
  type: ImageType;
  extension: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
const u32le = (b: Uint8Array, at: number) =>
  (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + ((b[at + 3]! << 24) >>> 0);

/** PNG: the signature, then IHDR as the first chunk (13 bytes: width, height, depth, colour type...), ending in IEND. */
function png(b: Uint8Array): ImageInfo | null {
  if (b.length < 33 || !PNG_SIGNATURE.every((byte, i) => b[i] === byte)) return null;
  if (u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return null;
  const [depth, colour] = [b[24]!, b[25]!];
  if (![1, 2, 4, 8, 16].includes(depth) || ![0, 2, 3, 4, 6].includes(colour)) return null;
  if (ascii(b, b.length - 8, 4) !== 'IEND') return null;
  return { type: 'image/png', extension: 'png', width: u32be(b, 16), height: u32be(b, 20) };
}

/** JPEG: SOI, then marker segments up to a start-of-frame (SOF0-SOF15 but DHT, JPG and DAC) carrying the size. */
function jpeg(b: Uint8Array): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0-7. SOS or EOI before a frame header: not an image.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = u16be(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return null;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8) return null;
      return { type: 'image/jpeg', extension: 'jpg', height: u16be(b, at + 5), width: u16be(b, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** WebP: a RIFF container of type WEBP whose first chunk is VP8 (lossy), VP8L (lossless) or VP8X (extended). */
function webp(b: Uint8Array): ImageInfo | null {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  // The RIFF size counts from byte 8; a truncated or padded file does not match it.
  if (u32le(b, 4) + 8 !== b.length && u32le(b, 4) + 9 !== b.length) return null;
  const chunk = ascii(b, 12, 4);
  const info = (width: number, height: number): ImageInfo => ({ type: 'image/webp', extension: 'webp', width, height });
  if (chunk === 'VP8 ') {
    // Key frame start code 9d 01 2a, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return info(u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = u32le(b, 21);
    return info((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') return info(u24le(b, 24) + 1, u24le(b, 27) + 1);
  return null;
}

/** The picture's real type and size, or null when the bytes are not a PNG, JPEG or WebP image. */
export function inspectImage(bytes: Uint8Array): ImageInfo | null {
  return png(bytes) ?? jpeg(bytes) ?? webp(bytes);
}
