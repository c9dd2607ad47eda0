import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { type BucketItem, Client, type ClientOptions, CopyConditions } from 'minio';
import { signPresignedUrlWithHeaders } from './s3-signed-headers.js';
import {
  assertValidBucket,
  assertValidExpiry,
  assertValidKey,
  assertValidPrefix,
  assertValidRange,
  attachmentDisposition,
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

export interface S3StorageOptions {
  endPoint: string;
  port: number;
  useSSL: boolean;
  accessKey: string;
  secretKey: string;
  region: string;
  /**
   * Origin browsers reach the storage at when it differs from `endPoint` (e.g. `https://media.example.com`
   * in front of `minio:9000`). Presigned URLs are signed for this host: a signature covers the host header.
   */
  publicUrl?: string;
  /** Origins allowed to GET/PUT/POST presigned URLs from a browser (the SPA's origin). */
  corsOrigins?: readonly string[];
  /** Objects up to this size go up in one request; larger ones in parts of this size. Default 256 MiB. */
  partSize?: number;
}

/** A browser form upload: POST `fields` then the file (last) as multipart/form-data to `url`. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

// Large because minio buffers each part in memory anyway, and because s3rver (tests) lacks
// ListMultipartUploads, which minio calls before every multipart upload.
const DEFAULT_PART_SIZE = 256 * 1024 * 1024;
const DELETE_BATCH = 1000;
const MISSING_OBJECT = ['NoSuchKey', 'NotFound'];

/** Object storage on MinIO or any S3-compatible server (distributed mode, tests against s3rver). */
export class S3Storage implements Storage {
  private readonly client: Client;
  private readonly presigner: Client;
  private readonly partSize: number;
  private readonly ensured = new Set<string>();

  constructor(private readonly options: S3StorageOptions) {
    this.partSize = options.partSize ?? DEFAULT_PART_SIZE;
    const clientOptions: ClientOptions = {
      endPoint: options.endPoint,
      port: options.port,
      useSSL: options.useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      // A fixed region also spares presigning a GetBucketLocation round trip.
      region: options.region,
      partSize: this.partSize,
    };
    this.client = new Client(clientOptions);
    this.presigner = options.publicUrl
      ? new Client({ ...clientOptions, ...endpointOf(options.publicUrl) })
      : this.client;
  }

  async ensureBuckets(buckets: readonly string[]): Promise<void> {
    for (const bucket of buckets) {
      assertValidBucket(bucket);
      if (!(await this.client.bucketExists(bucket))) {
        await this.client.makeBucket(bucket, this.options.region).catch((error: unknown) => {
          // Another service created it between our check and our request.
          if (!hasCode(error, ['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'])) throw error;
        });
      }
      if (this.options.corsOrigins?.length) await this.putCors(bucket, this.options.corsOrigins);
      this.ensured.add(bucket);
    }
  }

  async put(
    bucket: string,
    key: string,
    body: Buffer | Readable,
    { contentType, size }: PutOptions,
  ): Promise<void> {
    assertValidBucket(bucket);
    assertValidKey(key);
    const metadata = { 'Content-Type': contentType };
    if (Buffer.isBuffer(body) || size !== undefined) {
      await this.client.putObject(bucket, key, body, size, metadata);
      return;
    }
    // minio sends any stream of unknown length as a multipart upload; small ones need not be.
    const buffered = await bufferIfSmall(body, this.partSize);
    await this.client.putObject(bucket, key, buffered, undefined, metadata);
  }

  async get(bucket: string, key: string): Promise<Readable> {
    assertValidBucket(bucket);
    assertValidKey(key);
    try {
      return await this.client.getObject(bucket, key);
    } catch (error) {
      throw hasCode(error, MISSING_OBJECT) ? new StorageNotFoundError(bucket, key) : error;
    }
  }

  async copy(
    bucket: string,
    fromKey: string,
    toKey: string,
    { ifVersion }: CopyOptions = {},
  ): Promise<{ version: string }> {
    assertValidBucket(bucket);
    assertValidKey(fromKey);
    assertValidKey(toKey);
    const conditions = new CopyConditions();
    // x-amz-copy-source-if-match: the storage copies only that version (412 otherwise).
    if (ifVersion !== undefined) conditions.setMatchETag(ifVersion);
    try {
      // Server-side: the bytes stay in the storage (metadata, such as the content type, copied along).
      const { etag } = (await this.client.copyObject(bucket, toKey, `/${bucket}/${fromKey}`, conditions)) as {
        etag: string;
      };
      return { version: unquoted(etag) };
    } catch (error) {
      if (hasCode(error, MISSING_OBJECT)) throw new StorageNotFoundError(bucket, fromKey);
      if (hasCode(error, ['PreconditionFailed'])) throw new StorageVersionMismatchError(bucket, fromKey);
      throw error;
    }
  }

  async getRange(bucket: string, key: string, start: number, length: number): Promise<ObjectRange> {
    assertValidBucket(bucket);
    assertValidKey(key);
    assertValidRange(start, length);
    let response: IncomingMessage;
    try {
      response = (await this.client.getPartialObject(bucket, key, start, length)) as IncomingMessage;
    } catch (error) {
      if (hasCode(error, MISSING_OBJECT)) throw new StorageNotFoundError(bucket, key);
      if (!hasCode(error, ['InvalidRange'])) throw error;
      // Asked past the end: nothing to read, the rest is the object's.
      const stat = await this.stat(bucket, key);
      if (!stat) throw new StorageNotFoundError(bucket, key);
      return {
        bytes: Buffer.alloc(0),
        size: stat.size,
        contentType: stat.contentType,
        version: unquoted(stat.etag ?? ''),
      };
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const { headers } = response;
    // `bytes 0-131071/5498230`; a server that ignored the Range sends the whole object (200).
    const total = /\/(\d+)$/.exec(headers['content-range'] ?? '')?.[1];
    return {
      bytes: total === undefined ? body.subarray(start, start + length) : body,
      size: total === undefined ? body.length : Number(total),
      contentType: headers['content-type'] ?? 'application/octet-stream',
      version: unquoted(String(headers.etag ?? '')),
    };
  }

  async stat(bucket: string, key: string): Promise<ObjectStat | null> {
    assertValidBucket(bucket);
    assertValidKey(key);
    try {
      const info = await this.client.statObject(bucket, key);
      const contentType = info.metaData['content-type'];
      return {
        size: info.size,
        contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
        etag: info.etag,
        lastModified: info.lastModified,
      };
    } catch (error) {
      if (hasCode(error, MISSING_OBJECT)) return null;
      throw error;
    }
  }

  async delete(bucket: string, key: string): Promise<void> {
    assertValidBucket(bucket);
    assertValidKey(key);
    await this.client.removeObject(bucket, key);
  }

  async deletePrefix(bucket: string, prefix: string): Promise<number> {
    let batch: string[] = [];
    let deleted = 0;
    const flush = async () => {
      await this.removeAll(bucket, batch);
      deleted += batch.length;
      batch = [];
    };
    for await (const { key } of this.list(bucket, prefix)) {
      batch.push(key);
      if (batch.length === DELETE_BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    return deleted;
  }

  async *list(bucket: string, prefix: string): AsyncIterable<ListedObject> {
    assertValidBucket(bucket);
    assertValidPrefix(prefix);
    const items: AsyncIterable<BucketItem> = this.client.listObjectsV2(bucket, prefix, true);
    for await (const item of items) {
      if (item.name !== undefined) yield { key: item.name, size: item.size };
    }
  }

  async presignGet(
    bucket: string,
    key: string,
    { expiresInSeconds, downloadName }: PresignGetOptions,
  ): Promise<string> {
    assertValidBucket(bucket);
    assertValidKey(key);
    assertValidExpiry(expiresInSeconds);
    const responseHeaders: Record<string, string> = downloadName
      ? { 'response-content-disposition': attachmentDisposition(downloadName) }
      : {};
    return this.presigner.presignedGetObject(bucket, key, expiresInSeconds, responseHeaders);
  }

  /**
   * A plain presigned PUT signs only the host: S3 cannot hold it to `contentType` or `maxBytes`. The
   * object takes the type the browser sends; the media service checks size and magic bytes afterwards.
   * With `size`, the URL signs `Content-Length` too, so S3 refuses a body of any other length (a
   * browser sends the header from the body itself). `presignPost` is the variant S3 holds to a range.
   */
  async presignPut(
    bucket: string,
    key: string,
    { expiresInSeconds, size }: PresignPutOptions,
  ): Promise<string> {
    assertValidBucket(bucket);
    assertValidKey(key);
    assertValidExpiry(expiresInSeconds);
    const url = await this.presigner.presignedPutObject(bucket, key, expiresInSeconds);
    if (size === undefined) return url;
    return signPresignedUrlWithHeaders(url, { 'content-length': String(size) }, this.options);
  }

  /** S3 has no way to revoke a presigned URL: the caller deletes what lands after `until` instead. */
  async closePutUrls(bucket: string, key: string, _until: Date): Promise<void> {
    assertValidBucket(bucket);
    assertValidKey(key);
  }

  /** A POST policy: S3 refuses bodies over `maxBytes` or of another content type (s3rver does not check). */
  async presignPost(bucket: string, key: string, options: PresignPutOptions): Promise<PresignedPost> {
    assertValidBucket(bucket);
    assertValidKey(key);
    assertValidExpiry(options.expiresInSeconds);
    const policy = this.presigner.newPostPolicy();
    policy.setBucket(bucket);
    policy.setKey(key);
    policy.setExpires(new Date(Date.now() + options.expiresInSeconds * 1000));
    policy.setContentType(options.contentType);
    policy.setContentLengthRange(1, options.maxBytes);
    const { postURL, formData } = await this.presigner.presignedPostPolicy(policy);
    return {
      url: postURL,
      fields: Object.fromEntries(Object.entries(formData).map(([k, v]) => [k, String(v)])),
    };
  }

  async isReady(): Promise<boolean> {
    try {
      if (this.ensured.size === 0) {
        await this.client.listBuckets();
        return true;
      }
      const found = await Promise.all([...this.ensured].map((bucket) => this.client.bucketExists(bucket)));
      return found.every(Boolean);
    } catch {
      return false;
    }
  }

  private async removeAll(bucket: string, keys: string[]): Promise<void> {
    const results = await this.client.removeObjects(bucket, keys);
    const failure = results.find((result) => result?.Error);
    if (failure?.Error) {
      throw new Error(`Could not delete ${bucket}/${failure.Error.Key}: ${failure.Error.Message}`);
    }
  }

  private async putCors(bucket: string, origins: readonly string[]): Promise<void> {
    const xml = corsConfiguration(origins);
    try {
      // minio-js has no CORS call; PutBucketCors is one signed request (S3 insists on Content-MD5).
      await this.client.makeRequestAsyncOmit(
        {
          method: 'PUT',
          bucketName: bucket,
          query: 'cors',
          headers: { 'Content-MD5': createHash('md5').update(xml).digest('base64') },
        },
        xml,
        [200],
      );
    } catch (error) {
      // MinIO answers NotImplemented: there CORS is server configuration (MINIO_API_CORS_ALLOW_ORIGIN).
      if (!hasCode(error, ['NotImplemented'])) throw error;
    }
  }
}

function endpointOf(publicUrl: string): Pick<ClientOptions, 'endPoint' | 'port' | 'useSSL'> {
  const url = new URL(publicUrl);
  if (url.pathname !== '/') throw new Error(`S3 publicUrl must be an origin without a path: ${publicUrl}`);
  const useSSL = url.protocol === 'https:';
  return { endPoint: url.hostname, port: url.port ? Number(url.port) : useSSL ? 443 : 80, useSSL };
}

function corsConfiguration(origins: readonly string[]): string {
  const allowedOrigins = origins
    .map((origin) => `<AllowedOrigin>${escapeXml(origin)}</AllowedOrigin>`)
    .join('');
  const allowedMethods = ['GET', 'HEAD', 'PUT', 'POST']
    .map((m) => `<AllowedMethod>${m}</AllowedMethod>`)
    .join('');
  return (
    '<CORSConfiguration><CORSRule>' +
    `${allowedOrigins}${allowedMethods}<AllowedHeader>*</AllowedHeader>` +
    '<ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3600</MaxAgeSeconds>' +
    '</CORSRule></CORSConfiguration>'
  );
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The whole stream if it ends within `limit` bytes, else an equivalent stream (nothing is lost). */
async function bufferIfSmall(body: Readable, limit: number): Promise<Buffer | Readable> {
  const rest: AsyncIterator<Buffer> = body[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let length = 0;
  while (length <= limit) {
    const next = await rest.next();
    if (next.done) return Buffer.concat(head);
    head.push(next.value);
    length += next.value.length;
  }
  return Readable.from(
    (async function* () {
      yield* head;
      yield* { [Symbol.asyncIterator]: () => rest };
    })(),
  );
}

function hasCode(error: unknown, codes: readonly string[]): boolean {
  return error instanceof Error && 'code' in error && codes.includes(String(error.code));
}

/** An ETag as the storage compares it in `x-amz-copy-source-if-match`: without its quotes. */
function unquoted(etag: string): string {
  return etag.replace(/^"|"$/g, '');
}
