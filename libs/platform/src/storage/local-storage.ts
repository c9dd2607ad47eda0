import { randomUUID } from 'node:crypto';
import type { BigIntStats, Dirent, Stats } from 'node:fs';
import {
  access,
  constants,
  type FileHandle,
  link,
  lstat,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  rmdir,
  stat,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { ClosedPutUrls } from './closed-put-urls.js';
import {
  type StorageUrlGrant,
  type StorageUrlRequest,
  type StorageUrlVerdict,
  signStorageUrl,
  verifyStorageUrl,
} from './signed-url.js';
import {
  assertValidBucket,
  assertValidExpiry,
  assertValidKey,
  assertValidPrefix,
  assertValidRange,
  type CopyOptions,
  type ListedObject,
  type ObjectRange,
  type ObjectStat,
  type PresignGetOptions,
  type PresignPutOptions,
  type PutOptions,
  type Storage,
  StorageNotFoundError,
  StorageVersionMismatchError,
} from './storage.js';

export interface LocalStorageOptions {
  /** Folder holding one sub-folder per bucket; created if missing. */
  rootDir: string;
  /** Where browsers reach the gateway, e.g. `http://localhost:3000`; URLs point at `<base>/storage/…`. */
  publicBaseUrl: string;
  /** HMAC key for presigned URLs, at least 32 characters. */
  signingSecret: string;
}

const META_DIR = '.meta';
const TMP_DIR = '.tmp';
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const MIN_SECRET_LENGTH = 32;

const metaSchema = z.object({ contentType: z.string() });

/**
 * Object storage on a local folder, for standalone mode. Layout under `rootDir`:
 *
 *   <bucket>/<key>         the object's bytes
 *   .meta/<bucket>/<key>   its sidecar `{ "contentType": … }`: a parallel tree, so no key can collide with it
 *   .tmp/<uuid>            writes in progress, renamed into place when complete (same file system: atomic)
 *   .closed/<bucket>/<key> keys whose PUT URLs are closed, until when (closed-put-urls.ts)
 *
 * Bucket names cannot start with a dot, so `.meta` and `.tmp` never clash with a bucket. Unlike S3, a key
 * cannot be both an object and a folder of other keys (`a` and `a/b`); the product's key scheme never is.
 */
export class LocalStorage implements Storage {
  private readonly root: string;
  private readonly baseUrl: string;
  private readonly ensured = new Set<string>();
  private readonly closed: ClosedPutUrls;

  constructor(private readonly options: LocalStorageOptions) {
    if (options.signingSecret.length < MIN_SECRET_LENGTH) {
      throw new Error(`LocalStorage signingSecret must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    this.root = resolve(options.rootDir);
    this.closed = new ClosedPutUrls(this.root);
    this.baseUrl = options.publicBaseUrl.replace(/\/+$/, '');
  }

  async ensureBuckets(buckets: readonly string[]): Promise<void> {
    for (const bucket of buckets) {
      assertValidBucket(bucket);
      await mkdir(join(this.root, bucket), { recursive: true });
      this.ensured.add(bucket);
    }
  }

  async put(
    bucket: string,
    key: string,
    body: Buffer | Readable,
    { contentType }: PutOptions,
  ): Promise<void> {
    const target = this.filePath(bucket, key);
    const stagedBody = await this.stage(body);
    let stagedMeta: string | undefined;
    try {
      stagedMeta = await this.stage(JSON.stringify({ contentType }));
      // Sidecar first: a reader that sees the new bytes also sees their type.
      await moveIntoPlace(stagedMeta, this.metaPath(bucket, key));
      await moveIntoPlace(stagedBody, target);
    } catch (error) {
      await Promise.all([rm(stagedBody, { force: true }), stagedMeta && rm(stagedMeta, { force: true })]);
      throw error;
    }
  }

  async get(bucket: string, key: string): Promise<Readable> {
    const handle = await open(this.filePath(bucket, key), 'r').catch((error: unknown) => {
      throw isMissing(error) ? new StorageNotFoundError(bucket, key) : error;
    });
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new StorageNotFoundError(bucket, key);
    }
    return handle.createReadStream();
  }

  async copy(
    bucket: string,
    fromKey: string,
    toKey: string,
    { ifVersion }: CopyOptions = {},
  ): Promise<{ version: string }> {
    const source = this.filePath(bucket, fromKey);
    const target = this.filePath(bucket, toKey);
    // Objects are never written in place (a put renames a new file over the old), so a hard link is a
    // copy no later write reaches, made without moving a byte; the file it names is the version copied.
    const stagedBody = join(this.root, TMP_DIR, randomUUID());
    let stagedMeta: string | undefined;
    try {
      await mkdir(dirname(stagedBody), { recursive: true });
      const { from, copy } = await linkOrCopy(source, stagedBody);
      if (!from.isFile()) throw Object.assign(new Error('not a file'), { code: 'ENOENT' });
      if (ifVersion !== undefined && versionOf(from) !== ifVersion)
        throw new StorageVersionMismatchError(bucket, fromKey);
      stagedMeta = await this.stage(
        JSON.stringify({ contentType: await this.readContentType(bucket, fromKey) }),
      );
      await moveIntoPlace(stagedMeta, this.metaPath(bucket, toKey));
      await moveIntoPlace(stagedBody, target);
      return { version: versionOf(copy) };
    } catch (error) {
      await Promise.all([rm(stagedBody, { force: true }), stagedMeta && rm(stagedMeta, { force: true })]);
      throw isMissing(error) ? new StorageNotFoundError(bucket, fromKey) : error;
    }
  }

  async getRange(bucket: string, key: string, start: number, length: number): Promise<ObjectRange> {
    assertValidRange(start, length);
    const contentType = await this.readContentType(bucket, key);
    const handle = await open(this.filePath(bucket, key), 'r').catch((error: unknown) => {
      throw isMissing(error) ? new StorageNotFoundError(bucket, key) : error;
    });
    try {
      // The open file is the version read, whatever is renamed over its name meanwhile.
      const info = await handle.stat({ bigint: true });
      if (!info.isFile()) throw new StorageNotFoundError(bucket, key);
      const size = Number(info.size);
      const bytes = Buffer.alloc(Math.max(0, Math.min(length, size - start)));
      await readFully(handle, bytes, start);
      return { bytes, size, contentType, version: versionOf(info) };
    } finally {
      await handle.close();
    }
  }

  async stat(bucket: string, key: string): Promise<ObjectStat | null> {
    const info = await statIfPresent(this.filePath(bucket, key));
    if (!info?.isFile()) return null;
    return {
      size: info.size,
      contentType: await this.readContentType(bucket, key),
      etag: weakEtag(info),
      lastModified: info.mtime,
    };
  }

  async delete(bucket: string, key: string): Promise<void> {
    const file = this.filePath(bucket, key);
    const meta = this.metaPath(bucket, key);
    await Promise.all([rm(file, { force: true }), rm(meta, { force: true })]);
    await Promise.all([
      removeEmptyParents(file, join(this.root, bucket)),
      removeEmptyParents(meta, join(this.root, META_DIR, bucket)),
    ]);
  }

  async deletePrefix(bucket: string, prefix: string): Promise<number> {
    let deleted = 0;
    for await (const { key } of this.list(bucket, prefix)) {
      await this.delete(bucket, key);
      deleted++;
    }
    await this.closed.forgetExpired(bucket, prefix);
    return deleted;
  }

  async *list(bucket: string, prefix: string): AsyncIterable<ListedObject> {
    assertValidBucket(bucket);
    assertValidPrefix(prefix);
    // Start in the deepest folder the prefix names in full; its last partial segment filters entries.
    const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1);
    yield* walk(join(this.root, bucket), folder, prefix);
  }

  async presignGet(
    bucket: string,
    key: string,
    { expiresInSeconds, downloadName }: PresignGetOptions,
  ): Promise<string> {
    return this.signedUrl({
      method: 'GET',
      bucket,
      key,
      expiresAt: expiresAt(expiresInSeconds),
      downloadName,
    });
  }

  async presignPut(bucket: string, key: string, options: PresignPutOptions): Promise<string> {
    const { expiresInSeconds, contentType, maxBytes, size } = options;
    return this.signedUrl({
      method: 'PUT',
      bucket,
      key,
      expiresAt: expiresAt(expiresInSeconds),
      maxBytes,
      contentType,
      ...(size === undefined ? {} : { size }),
    });
  }

  async closePutUrls(bucket: string, key: string, until: Date): Promise<void> {
    this.filePath(bucket, key);
    await this.closed.close(bucket, key, until);
  }

  /** True once `closePutUrls` closed the key: the gateway's `/storage` route refuses its PUTs. */
  async putUrlsClosed(bucket: string, key: string): Promise<boolean> {
    this.filePath(bucket, key);
    return this.closed.isClosed(bucket, key);
  }

  async isReady(): Promise<boolean> {
    const folders = [this.root, ...[...this.ensured].map((bucket) => join(this.root, bucket))];
    try {
      await Promise.all(folders.map((folder) => access(folder, constants.R_OK | constants.W_OK)));
      return true;
    } catch {
      return false;
    }
  }

  /** Checks a request against the URL it was made to (used by the gateway's `/storage` router). */
  verifyUrl(request: StorageUrlRequest): StorageUrlVerdict {
    return verifyStorageUrl(request, this.options.signingSecret);
  }

  /** Absolute path of an object's bytes. Validation keeps every key inside its bucket folder. */
  filePath(bucket: string, key: string): string {
    assertValidBucket(bucket);
    assertValidKey(key);
    return join(this.root, bucket, key);
  }

  private metaPath(bucket: string, key: string): string {
    return join(this.root, META_DIR, bucket, key);
  }

  private signedUrl(grant: StorageUrlGrant): string {
    assertValidBucket(grant.bucket);
    assertValidKey(grant.key);
    const path = [grant.bucket, ...grant.key.split('/')].map(encodeURIComponent).join('/');
    return `${this.baseUrl}/storage/${path}?${signStorageUrl(grant, this.options.signingSecret)}`;
  }

  /** Writes `data` to a fresh temp file and returns its path; removes it if the write fails. */
  private async stage(data: Buffer | Readable | string): Promise<string> {
    const tmpDir = join(this.root, TMP_DIR);
    await mkdir(tmpDir, { recursive: true });
    const path = join(tmpDir, randomUUID());
    try {
      await writeFile(path, data, { flag: 'wx' });
      return path;
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  }

  private async readContentType(bucket: string, key: string): Promise<string> {
    try {
      const meta = metaSchema.safeParse(JSON.parse(await readFile(this.metaPath(bucket, key), 'utf8')));
      return meta.success ? meta.data.contentType : DEFAULT_CONTENT_TYPE;
    } catch (error) {
      if (isMissing(error)) return DEFAULT_CONTENT_TYPE;
      throw error;
    }
  }
}

function expiresAt(expiresInSeconds: number): number {
  assertValidExpiry(expiresInSeconds);
  return Math.floor(Date.now() / 1000) + expiresInSeconds;
}

/** Which file an object is: a new write is a new file (inode), so its identity names the bytes. */
function versionOf(info: BigIntStats): string {
  return [info.ino, info.size, info.mtimeNs].map((part) => part.toString(36)).join('-');
}

/**
 * Hard-links `source` at `target`, or copies the one file it opened where links are not allowed;
 * resolves with what was copied (`from`) and what `target` is.
 */
async function linkOrCopy(source: string, target: string): Promise<{ from: BigIntStats; copy: BigIntStats }> {
  try {
    await link(source, target);
    const linked = await lstat(target, { bigint: true });
    return { from: linked, copy: linked };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'EXDEV' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
  }
  const from = await open(source, 'r');
  try {
    const info = await from.stat({ bigint: true });
    if (!info.isFile()) return { from: info, copy: info };
    await writeFile(target, from.createReadStream({ autoClose: false }), { flag: 'wx' });
    return { from: info, copy: await lstat(target, { bigint: true }) };
  } finally {
    await from.close();
  }
}

async function readFully(handle: FileHandle, into: Buffer, position: number): Promise<void> {
  for (let filled = 0; filled < into.length; ) {
    const { bytesRead } = await handle.read(into, filled, into.length - filled, position + filled);
    if (bytesRead === 0) return;
    filled += bytesRead;
  }
}

/** The validator Express's `res.sendFile` emits for the same file, so stat() and GET agree. */
function weakEtag(info: Stats): string {
  return `W/"${info.size.toString(16)}-${info.mtime.getTime().toString(16)}"`;
}

/**
 * How often a write makes its folder again when a concurrent delete prunes it (or a parent of it)
 * meanwhile: each try needs another delete to land in a window of microseconds.
 */
const FOLDER_TRIES = 10;

/**
 * The staged file renamed to its key's path. A delete of the last object in a folder prunes the
 * folders it leaves empty (`removeEmptyParents`), so a write beside it may find its folder gone
 * while making it (`mkdir` answers ENOENT for a parent removed between two levels) or before the
 * rename: either way it makes the folder again and retries.
 */
async function moveIntoPlace(staged: string, target: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await mkdir(dirname(target), { recursive: true });
      await rename(staged, target);
      return;
    } catch (error) {
      if (!isMissing(error) || attempt >= FOLDER_TRIES) throw error;
    }
  }
}

/** Removes folders left empty between `path` and `stopAt`, so deleted prefixes leave nothing behind. */
async function removeEmptyParents(path: string, stopAt: string): Promise<void> {
  for (let folder = dirname(path); folder.startsWith(stopAt + sep); folder = dirname(folder)) {
    try {
      await rmdir(folder);
    } catch {
      return;
    }
  }
}

async function* walk(bucketDir: string, folder: string, prefix: string): AsyncGenerator<ListedObject> {
  let entries: Dirent[];
  try {
    entries = await readdir(join(bucketDir, folder), { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const key = folder + entry.name;
    if (entry.isDirectory()) {
      if (`${key}/`.startsWith(prefix)) yield* walk(bucketDir, `${key}/`, prefix);
    } else if (key.startsWith(prefix)) {
      const info = await statIfPresent(join(bucketDir, key));
      if (info?.isFile()) yield { key, size: info.size };
    }
  }
}

async function statIfPresent(path: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
