/// <reference path="../types/heic-convert.d.ts" />
import { MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from '@memoreel/domain';
import { fileTypeFromBuffer } from 'file-type';
import convertHeic from 'heic-convert';
import sharp, { type Metadata } from 'sharp';
import { imageEndsWhole } from './image-ends-whole.js';

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
 * Judges an uploaded object without decoding its pixels (a whole decode is the thumbnail job's, off
 * the upload's path): at most 10 MB, an image type by its magic bytes (never by its name or declared
 * type), at most MAX_PHOTO_PIXELS by its header (libvips refuses a decompression bomb before reading
 * any pixel), and its structure whole to the end (a truncated upload is refused). Only a HEIC/HEIF is
 * decoded here, to become the JPEG that is stored.
 */
export async function verifyPhoto(upload: Buffer): Promise<Verdict> {
  if (upload.length > MAX_PHOTO_BYTES) return { ok: false, refusal: 'tooLarge' };
  const type = await fileTypeFromBuffer(upload);
  if (!type || (!ACCEPTED.has(type.mime) && !HEIF.has(type.mime)))
    return { ok: false, refusal: 'notAnImage' };

  const header = await headerOf(upload);
  if (!header.ok) return header;

  const converted = HEIF.has(type.mime);
  if (!converted) {
    if (!imageEndsWhole(upload, type.mime)) return { ok: false, refusal: 'damaged' };
    return accepted(upload, type.mime, false, header.metadata);
  }
  // sharp's prebuilt libvips has no HEVC decoder; libheif (in heic-convert) applies the
  // container's rotation and mirroring while decoding, so the JPEG is upright.
  let jpeg: Buffer;
  try {
    jpeg = Buffer.from(await convertHeic({ buffer: upload, format: 'JPEG', quality: 0.92 }));
  } catch {
    return { ok: false, refusal: 'damaged' };
  }
  const decoded = await headerOf(jpeg);
  if (!decoded.ok) return decoded;
  return accepted(jpeg, 'image/jpeg', true, decoded.metadata);
}

/** The image's header through libvips with the pixel limit on. */
async function headerOf(
  bytes: Buffer,
): Promise<{ ok: true; metadata: Metadata } | { ok: false; refusal: Refusal }> {
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS }).metadata();
    if (!metadata.width || !metadata.height) return { ok: false, refusal: 'damaged' };
    return { ok: true, metadata };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message))
      return { ok: false, refusal: 'tooManyPixels' };
    return { ok: false, refusal: 'damaged' };
  }
}

function accepted(bytes: Buffer, contentType: string, converted: boolean, header: Metadata): Verdict {
  const sideways = (header.orientation ?? 1) >= 5;
  return {
    ok: true,
    bytes,
    contentType,
    extension: ACCEPTED.get(contentType) ?? 'jpg',
    converted,
    width: sideways ? (header.height as number) : (header.width as number),
    height: sideways ? (header.width as number) : (header.height as number),
  };
}
