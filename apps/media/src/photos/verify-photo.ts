import { MAX_HEIC_PIXELS, MAX_PHOTO_BYTES, MAX_PHOTO_PIXELS } from '@memoreel/domain';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type Metadata } from 'sharp';
import { type HeicDecodeResult, HeicDecoder } from './heic-decoder.js';
import { heifImageSizes } from './heif-images.js';
import { END_OF_IMAGE, imageEndsWhole, jpegScanStart } from './image-ends-whole.js';

/** The stored types: what browsers show (HEIC and HEIF are converted to JPEG first). */
const ACCEPTED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
]);
export const HEIF = new Set(['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence']);

export type Refusal = 'tooLarge' | 'notAnImage' | 'damaged' | 'tooManyPixels' | 'tooDemanding';

/** Turns a HEIC/HEIF into a JPEG. */
export type HeifToJpeg = (heif: Buffer) => Promise<HeicDecodeResult>;

/** This instance's decoder: one decode at a time, in a child process. */
const heicDecoder = new HeicDecoder();
export const decodeHeicInChild: HeifToJpeg = (heif) => heicDecoder.decode(heif);

/** How much of an upload is read first: a phone JPEG's segments before its scan fit (EXIF, ICC, MPF). */
export const HEAD_BYTES = 256 * 1024;
/** How much of a JPEG's end is read for its end-of-image marker. */
export const TAIL_BYTES = 64 * 1024;

/** A stored upload as verification reads it: a ranged read at a time, so most of it is never read. */
export interface UploadReader {
  size: number;
  /** The first HEAD_BYTES (the whole object when it is smaller). */
  head: Buffer;
  /** The bytes from `start` to the end. */
  from(start: number): Promise<Buffer>;
}

export type Verdict =
  | {
      ok: true;
      /** The size of what is kept. */
      size: number;
      /** The bytes to keep when they were read whole: the upload, or the JPEG a HEIC/HEIF became. */
      bytes?: Buffer;
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
 * any pixel), and its structure whole to the end (a truncated upload is refused). A JPEG larger than
 * its head is judged from its head and its last TAIL_BYTES (the end-of-image marker after its first
 * scan): about 320 KB of a 5 MB photo. Anything else, or a JPEG whose end is not there (data after
 * the image, such as a phone's motion-photo video), is read whole. Only a HEIC/HEIF is decoded here,
 * to become the JPEG that is stored: by `toJpeg` (a child process with memory and time limits), and
 * only once every image it declares is within MAX_HEIC_PIXELS.
 */
export async function verifyPhoto(
  upload: UploadReader,
  toJpeg: HeifToJpeg = decodeHeicInChild,
): Promise<Verdict> {
  if (upload.size > MAX_PHOTO_BYTES) return { ok: false, refusal: 'tooLarge' };
  const type = await fileTypeFromBuffer(upload.head);
  if (!type || (!ACCEPTED.has(type.mime) && !HEIF.has(type.mime)))
    return { ok: false, refusal: 'notAnImage' };

  if (type.mime === 'image/jpeg' && upload.head.length < upload.size) {
    const verdict = await jpegFromItsEnds(upload);
    if (verdict) return verdict;
  }
  const whole = upload.head.length >= upload.size ? upload.head : await upload.from(0);
  if (whole.length !== upload.size) return { ok: false, refusal: 'damaged' };

  const header = await headerOf(whole);
  if (!header.ok) return header;

  const converted = HEIF.has(type.mime);
  if (!converted) {
    if (!imageEndsWhole(whole, type.mime)) return { ok: false, refusal: 'damaged' };
    return accepted(whole, type.mime, false, header.metadata);
  }
  // The decoder may pick any of the file's images, not only the primary the header above describes.
  const images = heifImageSizes(whole);
  if (!images?.length) return { ok: false, refusal: 'damaged' };
  if (images.some(({ width, height }) => width * height > MAX_HEIC_PIXELS))
    return { ok: false, refusal: 'tooManyPixels' };
  // sharp's prebuilt libvips has no HEVC decoder; libheif (in heic-convert) applies the
  // container's rotation and mirroring while decoding, so the JPEG is upright.
  const conversion = await toJpeg(whole);
  if (!conversion.ok)
    return { ok: false, refusal: conversion.problem === 'overLimits' ? 'tooDemanding' : 'damaged' };
  const jpeg = conversion.jpeg;
  const decoded = await headerOf(jpeg);
  if (!decoded.ok) return decoded;
  return accepted(jpeg, 'image/jpeg', true, decoded.metadata);
}

/**
 * A large JPEG judged from its head (every segment up to the first scan: the header libvips reads)
 * and its tail; undefined when they cannot tell, and the whole file decides.
 */
async function jpegFromItsEnds(upload: UploadReader): Promise<Verdict | undefined> {
  const scan = jpegScanStart(upload.head);
  if (scan === undefined) return undefined;
  const header = await headerOf(upload.head.subarray(0, scan));
  if (!header.ok) return header;
  const tailStart = Math.max(scan, upload.size - TAIL_BYTES);
  const tail = await upload.from(tailStart);
  if (tailStart + tail.length !== upload.size || tail.indexOf(END_OF_IMAGE) < 0) return undefined;
  return accepted(undefined, 'image/jpeg', false, header.metadata, upload.size);
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

function accepted(
  bytes: Buffer | undefined,
  contentType: string,
  converted: boolean,
  header: Metadata,
  size = bytes?.length ?? 0,
): Verdict {
  const sideways = (header.orientation ?? 1) >= 5;
  return {
    ok: true,
    size,
    bytes,
    contentType,
    extension: ACCEPTED.get(contentType) ?? 'jpg',
    converted,
    width: sideways ? (header.height as number) : (header.width as number),
    height: sideways ? (header.width as number) : (header.height as number),
  };
}
