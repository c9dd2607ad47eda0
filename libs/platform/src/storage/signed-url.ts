import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed storage URLs for the local adapter: no S3 server checks them, so we do. The query string
 * carries the grant (`method`, `expires`, `max`, `type`, `name`) and `sig`, an HMAC-SHA256 over the
 * grant plus the bucket and key from the path, so no part of the URL can be changed without the secret.
 */

interface GrantBase {
  bucket: string;
  key: string;
  /** Unix time in seconds after which the URL is refused. */
  expiresAt: number;
}

export interface GetGrant extends GrantBase {
  method: 'GET';
  /** Serve as an attachment saved under this file name. */
  downloadName?: string;
}

export interface PutGrant extends GrantBase {
  method: 'PUT';
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** When set, the body must be exactly this many bytes (the size its upload declared). */
  size?: number;
  /** The object is stored with this type whatever the request's `Content-Type` says. */
  contentType: string;
}

export type StorageUrlGrant = GetGrant | PutGrant;

export type StorageUrlRejection =
  | 'malformed'
  | 'bad signature'
  | 'wrong method'
  | 'expired'
  | 'too large'
  /** A body of another length than the exact size the URL grants (or of no declared length). */
  | 'wrong size';

export type StorageUrlVerdict =
  | { ok: true; grant: StorageUrlGrant }
  | { ok: false; reason: StorageUrlRejection };

export interface StorageUrlRequest {
  method: string;
  bucket: string;
  key: string;
  query: URLSearchParams;
  /** The request's declared `Content-Length`, so an oversized upload is refused before it is read. */
  contentLength?: number;
}

/** The query string that grants `grant` to whoever holds the URL. */
export function signStorageUrl(grant: StorageUrlGrant, secret: string): URLSearchParams {
  const query = new URLSearchParams({ method: grant.method, expires: String(grant.expiresAt) });
  if (grant.method === 'PUT') {
    query.set('max', String(grant.maxBytes));
    if (grant.size !== undefined) query.set('size', String(grant.size));
    query.set('type', grant.contentType);
  } else if (grant.downloadName !== undefined) {
    query.set('name', grant.downloadName);
  }
  query.set('sig', signature(grant, secret));
  return query;
}

export function verifyStorageUrl(
  request: StorageUrlRequest,
  secret: string,
  now: number = Date.now(),
): StorageUrlVerdict {
  const grant = readGrant(request);
  if (!grant) return { ok: false, reason: 'malformed' };
  if (!signaturesMatch(request.query.get('sig') ?? '', signature(grant, secret))) {
    return { ok: false, reason: 'bad signature' };
  }
  // HEAD is how browsers and proxies probe a GET URL.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  if (method !== grant.method) return { ok: false, reason: 'wrong method' };
  if (now > grant.expiresAt * 1000) return { ok: false, reason: 'expired' };
  if (
    grant.method === 'PUT' &&
    (request.contentLength ?? 0) > Math.min(grant.maxBytes, grant.size ?? Infinity)
  ) {
    return { ok: false, reason: 'too large' };
  }
  if (grant.method === 'PUT' && grant.size !== undefined && request.contentLength !== grant.size) {
    return { ok: false, reason: 'wrong size' };
  }
  return { ok: true, grant };
}

function readGrant({ bucket, key, query }: StorageUrlRequest): StorageUrlGrant | undefined {
  const expiresAt = wholeNumber(query.get('expires'));
  if (expiresAt === undefined) return undefined;
  switch (query.get('method')) {
    case 'GET': {
      const downloadName = query.get('name') ?? undefined;
      return { method: 'GET', bucket, key, expiresAt, downloadName };
    }
    case 'PUT': {
      const maxBytes = wholeNumber(query.get('max'));
      const contentType = query.get('type');
      const size = query.has('size') ? wholeNumber(query.get('size')) : undefined;
      if (maxBytes === undefined || contentType === null) return undefined;
      if (query.has('size') && size === undefined) return undefined;
      return {
        method: 'PUT',
        bucket,
        key,
        expiresAt,
        maxBytes,
        contentType,
        ...(size === undefined ? {} : { size }),
      };
    }
    default:
      return undefined;
  }
}

function wholeNumber(value: string | null): number | undefined {
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

function signature(grant: StorageUrlGrant, secret: string): string {
  // A JSON array is an unambiguous encoding: no choice of key or file name can forge another grant.
  const canonical = JSON.stringify([
    'memoreel-storage-v1',
    grant.method,
    grant.bucket,
    grant.key,
    grant.expiresAt,
    grant.method === 'PUT' ? grant.maxBytes : null,
    grant.method === 'PUT' ? grant.contentType : null,
    grant.method === 'GET' ? (grant.downloadName ?? null) : null,
    // Only in grants that carry it, so URLs signed without an exact size keep their signature.
    ...(grant.method === 'PUT' && grant.size !== undefined ? [grant.size] : []),
  ]);
  return createHmac('sha256', secret).update(canonical).digest('base64url');
}

function signaturesMatch(provided: string, expected: string): boolean {
  const a = Buffer.from(provided);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
