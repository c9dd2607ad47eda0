/**
 * Whether an image file is all there, read from its structure rather than by decoding it: a
 * truncated upload is refused in a millisecond, where a whole decode costs a second of CPU per photo
 * on the upload's path. Each format is walked as far as its end marker:
 * - JPEG: the segments up to the first scan, then an end-of-image marker after it (inside a scan's
 *   data 0xFF is always escaped, so FF D9 there can only be the end; data after it, such as a phone's
 *   motion-photo video, is allowed);
 * - PNG: chunk by chunk to IEND; GIF: block by block to its trailer; WebP: the RIFF size.
 */
export function imageEndsWhole(bytes: Buffer, mime: string): boolean {
  switch (mime) {
    case 'image/jpeg':
      return jpegEndsWhole(bytes);
    case 'image/png':
      return pngEndsWhole(bytes);
    case 'image/gif':
      return gifEndsWhole(bytes);
    case 'image/webp':
      return webpEndsWhole(bytes);
    default:
      return false;
  }
}

export const END_OF_IMAGE = Buffer.from([0xff, 0xd9]);

function jpegEndsWhole(bytes: Buffer): boolean {
  const scan = jpegScanStart(bytes);
  return scan !== undefined && bytes.indexOf(END_OF_IMAGE, scan) >= 0;
}

/**
 * Where a JPEG's first scan data starts: after SOI, every segment and the first SOS header. Undefined
 * when these bytes end first (a head read of a larger object: read further) or break the structure.
 */
export function jpegScanStart(bytes: Buffer): number | undefined {
  let at = 2; // after SOI
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (marker === 0xd9) return undefined; // the end before any scan
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2) return undefined;
    const next = at + 2 + length;
    if (next > bytes.length) return undefined;
    if (marker === 0xda) return next;
    at = next;
  }
  return undefined;
}

function pngEndsWhole(bytes: Buffer): boolean {
  let at = 8; // after the signature
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const next = at + 12 + length;
    if (next > bytes.length) return false;
    if (type === 'IEND') return true;
    at = next;
  }
  return false;
}

function gifEndsWhole(bytes: Buffer): boolean {
  if (bytes.length < 13) return false;
  const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let at = 13 + colourTable(bytes[10] as number);
  /** Past a run of data sub-blocks (each a length byte and its data, ended by a zero length), or -1. */
  const skipSubBlocks = (from: number) => {
    let position = from;
    while (position < bytes.length) {
      const size = bytes[position] as number;
      position += 1 + size;
      if (size === 0) return position;
    }
    return -1;
  };
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) return true; // trailer
    if (block === 0x21) {
      at = skipSubBlocks(at + 2); // introducer and label
    } else if (block === 0x2c) {
      if (at + 10 > bytes.length) return false;
      at += 10 + colourTable(bytes[at + 9] as number);
      at = skipSubBlocks(at + 1); // the LZW minimum code size, then the image data
    } else {
      return false;
    }
    if (at < 0) return false;
  }
  return false;
}

function webpEndsWhole(bytes: Buffer): boolean {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF') return false;
  return bytes.length >= 8 + bytes.readUInt32LE(4);
}
