import type { Readable } from 'node:stream';

/**
 * The object storage port. Two adapters implement it with the same semantics:
 * - S3 (`s3-storage.ts`): MinIO or any S3 API; presigned URLs are signed with the server's keys.
 * - Local (`local-storage.ts`): a folder (standalone mode); URLs are signed by us and served by the
 *   gateway through `local-storage.router.ts`.
 *
 * Keys are `/`-separated relative paths (`{projectId}/{uuid}.jpg`, `temp/{uuid}.png`), checked by
 * `assertValidKey` in both adapters so a key that works in one works in the other.
 */

export interface PutOptions {
  contentType: string;
  /** Byte length of a stream body when known: lets S3 send it in one request without buffering. */
  size?: number;
}

export interface ObjectStat {
  size: number;
  contentType: string;
  etag?: string;
  lastModified: Date;
}

/** Part of an object, read with the facts that say which object it was part of. */
export interface ObjectRange {
  /** The bytes asked for, fewer when the object ends first. */
  bytes: Buffer;
  /** The whole object's size. */
  size: number;
  contentType: string;
  /**
   * Names these very bytes: another write to the key gives another version (S3: the ETag; the local
   * store: the file's identity). Pass it to `copy` as `ifVersion`.
   */
  version: string;
}

export interface CopyOptions {
  /** Copy only while the source is still this version (from `getRange`); else `StorageVersionMismatchError`. */
  ifVersion?: string;
}

export interface ListedObject {
  key: string;
  size: number;
}

export interface PresignGetOptions {
  /** At most 7 days (the S3 limit), for both adapters. */
  expiresInSeconds: number;
  /** Serves the object as an attachment saved under this file name. */
  downloadName?: string;
}

export interface PresignPutOptions {
  /** At most 7 days (the S3 limit), for both adapters. */
  expiresInSeconds: number;
  contentType: string;
  /**
   * Largest accepted body. The local adapter enforces it while streaming; a presigned S3 PUT cannot,
   * so the media service checks `stat().size` (and the magic bytes) after every upload.
   */
  maxBytes: number;
  /**
   * The exact size of the body, when the uploader declared it: the local adapter refuses any other
   * length; the S3 adapter signs it as the PUT's Content-Length, so S3 refuses any other.
   */
  size?: number;
}

export interface Storage {
  /** Creates missing buckets (and their CORS rule on S3). Idempotent; safe to run from several services. */
  ensureBuckets(buckets: readonly string[]): Promise<void>;
  /** Writes the whole object or nothing: readers never see a partial upload. */
  put(bucket: string, key: string, body: Buffer | Readable, options: PutOptions): Promise<void>;
  /** Streams the object; rejects with `StorageNotFoundError` when it does not exist. */
  get(bucket: string, key: string): Promise<Readable>;
  /**
   * Copies an object to another key of the same bucket inside the storage (S3 CopyObject, a file copy
   * locally): its bytes never pass through the caller. The copy is whole or absent, and is the source
   * as it was at one moment (a PUT to the source meanwhile is in the copy entirely or not at all).
   * Rejects with `StorageNotFoundError` when the source does not exist, and with
   * `StorageVersionMismatchError` when `ifVersion` no longer names it (nothing is copied then).
   * Resolves with the copy's version.
   */
  copy(bucket: string, fromKey: string, toKey: string, options?: CopyOptions): Promise<{ version: string }>;
  /**
   * Up to `length` bytes from `start` (one ranged GET), with the object's size, type and version;
   * rejects with `StorageNotFoundError` when it does not exist.
   */
  getRange(bucket: string, key: string, start: number, length: number): Promise<ObjectRange>;
  /** The object's metadata, or null when it does not exist. */
  stat(bucket: string, key: string): Promise<ObjectStat | null>;
  /** Removes the object; removing a missing object is not an error. */
  delete(bucket: string, key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix`; resolves with how many were removed. */
  deletePrefix(bucket: string, prefix: string): Promise<number>;
  /** Every object whose key starts with `prefix` (a plain string prefix, as in S3), in no set order. */
  list(bucket: string, prefix: string): AsyncIterable<ListedObject>;
  /** A URL anyone can GET the object from until it expires. */
  presignGet(bucket: string, key: string, options: PresignGetOptions): Promise<string>;
  /** A URL a browser can PUT the object's bytes to until it expires. */
  presignPut(bucket: string, key: string, options: PresignPutOptions): Promise<string>;
  /**
   * Ends the key's upload: its PUT URLs (valid until `until` at the latest) write nothing more. The
   * local adapter refuses them; S3 cannot revoke a presigned URL, so there a late PUT still lands
   * and the caller must delete the key once `until` has passed.
   */
  closePutUrls(bucket: string, key: string, until: Date): Promise<void>;
  /** True when the backend answers and every bucket passed to `ensureBuckets` exists (/health/ready). */
  isReady(): Promise<boolean>;
}

/** A byte range `getRange` can ask for: a whole number start and a positive whole number length. */
export function assertValidRange(start: number, length: number): void {
  if (!Number.isSafeInteger(start) || start < 0 || !Number.isSafeInteger(length) || length < 1) {
    throw new RangeError(`Invalid byte range: start ${start}, length ${length}`);
  }
}

/** A bucket name or object key that could escape its folder or that S3 would refuse. */
export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
}

/** A conditional copy found the source changed (another write to its key) since it was read. */
export class StorageVersionMismatchError extends Error {
  override name = 'StorageVersionMismatchError';
  constructor(
    readonly bucket: string,
    readonly key: string,
  ) {
    super(`${bucket}/${key} is no longer the version read`);
  }
}

export class StorageNotFoundError extends Error {
  override name = 'StorageNotFoundError';
  constructor(
    readonly bucket: string,
    readonly key: string,
  ) {
    super(`No object ${bucket}/${key}`);
  }
}

const MAX_KEY_BYTES = 1024;
const MAX_EXPIRY_SECONDS = 7 * 24 * 60 * 60;
// S3's rules for new buckets; they also keep bucket names clear of the local adapter's `.meta`/`.tmp`.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Why `key` is not a valid object key, or undefined when it is. */
export function keyProblem(key: string): string | undefined {
  if (key.length === 0) return 'is empty';
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return `is longer than ${MAX_KEY_BYTES} bytes`;
  if (/\p{Cc}/u.test(key)) return 'contains a control character';
  if (key.includes('\\')) return 'contains a backslash';
  if (key.startsWith('/')) return 'is an absolute path';
  for (const segment of key.split('/')) {
    if (segment === '') return 'has an empty path segment';
    if (segment === '.' || segment === '..') return 'has a relative path segment';
  }
  return undefined;
}

/** Why `bucket` is not a valid bucket name, or undefined when it is. */
export function bucketProblem(bucket: string): string | undefined {
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) return 'is not a valid S3 bucket name';
  return undefined;
}

export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new StorageKeyError(`Key ${JSON.stringify(key.slice(0, 100))} ${problem}`);
}

/** A prefix is a key, a key ending in `/`, or empty (everything). */
export function assertValidPrefix(prefix: string): void {
  if (prefix !== '') assertValidKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix);
}

export function assertValidBucket(bucket: string): void {
  const problem = bucketProblem(bucket);
  if (problem) throw new StorageKeyError(`Bucket ${JSON.stringify(bucket.slice(0, 100))} ${problem}`);
}

export function assertValidExpiry(expiresInSeconds: number): void {
  if (!Number.isInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_EXPIRY_SECONDS) {
    throw new RangeError(`expiresInSeconds must be an integer from 1 to ${MAX_EXPIRY_SECONDS}`);
  }
}

/** `Content-Disposition` for a download: an ASCII fallback plus the exact UTF-8 name (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
