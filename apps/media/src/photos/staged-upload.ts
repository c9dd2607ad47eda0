import { createHash } from 'node:crypto';
import {
  type ObjectRange,
  type Storage,
  StorageNotFoundError,
  StorageVersionMismatchError,
} from '@memoreel/platform';
import { PHOTOS_BUCKET } from '../storage/photo-storage.js';
import { keptExtension, photoKey } from './photo-keys.js';
import { HEAD_BYTES, type HeifToJpeg } from './verify-photo.js';

/** The object under an upload's key changed between two reads of one verification. */
export class UploadChangedError extends Error {
  override name = 'UploadChangedError';
}

/** A HEIF is judged before the transaction; one first met inside it was written after that. */
export const heifWrittenMeanwhile: HeifToJpeg = () => Promise.reject(new UploadChangedError());

/**
 * A stored upload's content hash, made from the version the storage gives its bytes (S3: their MD5
 * ETag; the local store: the file's identity) rather than by reading all of them back: another write
 * is another version, so thumbnails and derivatives named by it change with the bytes
 * (docs/decisions/0023-judging-uploads-from-their-ends.md).
 */
export function versionHash(key: string, version: string): string {
  return createHash('sha256').update(`${key}\n${version}`).digest('hex');
}

/** The content hash of bytes written anew (a converted HEIC, an upload kept under another key). */
export function bytesHash(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * One upload's objects while it is judged. `staged` is the key its PUT URL wrote; `judged` is where
 * it is judged and, most often, kept: a copy made inside the storage (no bytes through this service)
 * under a key no PUT URL names, so what is judged is what is kept even while a PUT URL is still
 * valid. (An upload requested before staging keys existed was PUT to the photo's key itself.)
 */
export class StagedUpload {
  readonly staged: string;
  readonly judged: string;

  constructor(
    private readonly storage: Storage,
    upload: { id: string; projectId: string; storagePath: string },
  ) {
    this.staged = upload.storagePath;
    this.judged = this.staged.startsWith(`${upload.projectId}/uploads/`)
      ? photoKey(upload.projectId, upload.id, keptExtension(this.staged))
      : this.staged;
  }

  /** Its PUT URLs write nothing more (the local store refuses them; on S3 what lands is swept later). */
  closePutUrls(until: Date): Promise<void> {
    return this.storage.closePutUrls(PHOTOS_BUCKET, this.staged, until);
  }

  /**
   * The first bytes with the size, type and version of the object they belong to: one ranged read.
   * A completion that died after its copy and the staged object's removal, before its commit, left
   * the copy (`copied`): it is what was judged to be copied, under a key no PUT URL names, so this
   * completion finishes from it instead of failing the upload. Null when neither is there.
   */
  async head(): Promise<{ range: ObjectRange; copied: boolean } | null> {
    const staged = await this.readRange(this.staged, 0, HEAD_BYTES);
    if (staged) return { range: staged, copied: false };
    if (this.judged === this.staged) return null;
    const copy = await this.readRange(this.judged, 0, HEAD_BYTES);
    return copy ? { range: copy, copied: true } : null;
  }

  /**
   * Copies only the staged version just read to the judged key, answering the copy's version: a
   * PUT in between makes the copy fail (null), not pass unread.
   */
  async copyToJudged(version: string): Promise<string | null> {
    try {
      return (await this.storage.copy(PHOTOS_BUCKET, this.staged, this.judged, { ifVersion: version }))
        .version;
    } catch (error) {
      if (error instanceof StorageNotFoundError || error instanceof StorageVersionMismatchError) return null;
      throw error;
    }
  }

  removeStaged(): Promise<void> {
    return this.storage.delete(PHOTOS_BUCKET, this.staged);
  }

  /** The judged object's bytes from `start` to its end, while it is still `version`. */
  async rest(start: number, size: number, version: string): Promise<Buffer> {
    const range = await this.readRange(this.judged, start, size - start);
    if (range?.version !== version) throw new UploadChangedError();
    return range.bytes;
  }

  /** The bytes judged, written under the photo's own key and type; the judged copy goes when it is another key. */
  async keepAs(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.storage.put(PHOTOS_BUCKET, key, bytes, { contentType, size: bytes.length });
    if (this.judged !== key) await this.storage.delete(PHOTOS_BUCKET, this.judged);
  }

  /** A refused upload: nothing of it is kept. */
  async discard(): Promise<void> {
    await this.storage.delete(PHOTOS_BUCKET, this.staged);
    if (this.judged !== this.staged) await this.storage.delete(PHOTOS_BUCKET, this.judged);
  }

  /** A ranged read, or null when the object is not there. */
  private async readRange(key: string, start: number, length: number): Promise<ObjectRange | null> {
    try {
      return await this.storage.getRange(PHOTOS_BUCKET, key, start, Math.max(1, length));
    } catch (error) {
      if (error instanceof StorageNotFoundError) return null;
      throw error;
    }
  }
}
