/// <reference path="../types/heic-convert.d.ts" />
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from '@memoreel/domain';
import { fileTypeFromBuffer } from 'file-type';
import convertHeic from 'heic-convert';
import sharp from 'sharp';

/** The stored types: what browsers show (HEIC and HEIF are converted to JPEG first). */
const ACCEPTED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);
const HEIF = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

export type Refusal = 'tooLarge' | 'notAnImage' | 'damaged' | 'tooManyPixels';

export type Verdict =
  | {
      ok: true;
      /** The bytes to keep: the upload, or the JPEG a HEIC/HEIF became. */
      bytes: Buffer;
      contentType: string;
      extension: string;
      converted: boolean;
      /** As displayed: EXIF orientation applied. */
      width: number;
      height: number;
    }
  | { ok: false; refusal: Refusal };

/**
 * Judges an uploaded object: at most 10 MB, an image type by its magic bytes (never by its name or
 * declared type), at most MAX_PHOTO_PIXELS by its header (a decompression bomb is refused before
 * anything is decoded), and a whole decode that must not fail or end early.
 */
export async function verifyPhoto(upload: Buffer): Promise<Verdict> {
  if (upload.length > MAX_PHOTO_BYTES) return { ok: false, refusal: 'tooLarge' };
  const type = await fileTypeFromBuffer(upload);
  if (!type || (!ACCEPTED.has(type.mime) && !HEIF.has(type.mime)))
    return { ok: false, refusal: 'notAnImage' };

  const header = await sharp(upload, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!header?.width || !header.height) return { ok: false, refusal: 'damaged' };
  if (header.width * header.height > MAX_PHOTO_PIXELS) return { ok: false, refusal: 'tooManyPixels' };

  let bytes = upload;
  let contentType = type.mime;
  const converted = HEIF.has(type.mime);
  if (converted) {
    // sharp's prebuilt libvips has no HEVC decoder; libheif (in heic-convert) applies the
    // container's rotation and mirroring while decoding, so the JPEG is upright.
    try {
      bytes = Buffer.from(await convertHeic({ buffer: upload, format: 'JPEG', quality: 0.92 }));
    } catch {
      return { ok: false, refusal: 'damaged' };
    }
    contentType = 'image/jpeg';
  }

  try {
    // A whole decode (at a reduced size where the format allows): a truncated or corrupt file fails here.
    const { info } = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize(256, 256, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (!info.width || !info.height) return { ok: false, refusal: 'damaged' };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      return { ok: false, refusal: 'tooManyPixels' };
    return { ok: false, refusal: 'damaged' };
  }

  const decoded = converted ? await sharp(bytes).metadata() : header;
  const sideways = (decoded.orientation ?? 1) >= 5;
  return {
    ok: true,
    bytes,
    contentType,
    extension: ACCEPTED.get(contentType) ?? 'jpg',
    converted,
    width: sideways ? (decoded.height as number) : (decoded.width as number),
    height: sideways ? (decoded.width as number) : (decoded.height as number),
  };
}
