import { MAX_PHOTO_BYTES } from '@memoreel/domain';
import type { Storage } from '@memoreel/platform';
import { fileTypeFromBuffer } from 'file-type';
import { PHOTOS_BUCKET } from '../storage/photo-storage.js';
import { HEAD_BYTES, HEIF, type HeifToJpeg, type Verdict, verifyPhoto } from './verify-photo.js';

/** A HEIC/HEIF upload judged (and converted) from the object at `version`. */
export interface JudgedAhead {
  version: string;
  verdict: Verdict;
}

/** Enough of a file for its type (an ISO BMFF 'ftyp' box names HEIC/HEIF in its first bytes). */
const SNIFF_BYTES = 4100;

/**
 * Judges a staged HEIC/HEIF upload before complete's transaction, so its decode (seconds, in a child
 * process, behind other uploads' decodes) holds no row lock and no database connection. Undefined
 * for any other upload, or when the object is missing or changes while read: the transaction then
 * judges it as before, and a HEIF it meets there was written meanwhile.
 */
export async function judgeHeifAhead(
  storage: Storage,
  key: string,
  toJpeg?: HeifToJpeg,
): Promise<JudgedAhead | undefined> {
  try {
    const sniff = await storage.getRange(PHOTOS_BUCKET, key, 0, SNIFF_BYTES);
    if (sniff.size > MAX_PHOTO_BYTES) return undefined;
    const type = await fileTypeFromBuffer(sniff.bytes);
    if (!type || !HEIF.has(type.mime)) return undefined;
    const whole =
      sniff.size <= SNIFF_BYTES ? sniff : await storage.getRange(PHOTOS_BUCKET, key, 0, sniff.size);
    if (whole.version !== sniff.version || whole.bytes.length !== sniff.size) return undefined;
    const upload = {
      size: whole.size,
      head: whole.bytes.subarray(0, HEAD_BYTES),
      from: async (start: number) => whole.bytes.subarray(start),
    };
    return { version: whole.version, verdict: await verifyPhoto(upload, toJpeg) };
  } catch {
    // Missing, changed or unreadable: the transaction reads it again and decides.
    return undefined;
  }
}
