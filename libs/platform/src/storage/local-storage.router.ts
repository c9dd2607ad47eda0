import { Readable } from 'node:stream';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import type { LocalStorage } from './local-storage.js';
import type { StorageUrlGrant } from './signed-url.js';
import { attachmentDisposition, bucketProblem, keyProblem } from './storage.js';

export interface LocalStorageRouterOptions {
  /** Origins allowed to use these URLs cross-origin. Standalone serves the SPA from the same origin: none. */
  corsOrigins?: readonly string[];
}

type ObjectRequest = Request<{ bucket: string; key: string[] }>;

/**
 * Serves the local adapter's signed URLs; the gateway mounts it at `/storage` (before any body parser,
 * so PUT bodies stream straight to disk):
 *   GET|HEAD /storage/:bucket/*key   the object, with Range support (video seeking)
 *   PUT      /storage/:bucket/*key   stores the body, refused with 413 once it passes the signed size,
 *                                    400 when the URL grants an exact size and the body has another,
 *                                    403 once the key's upload was closed (closePutUrls)
 *   OPTIONS  /storage/:bucket/*key   CORS preflight
 * Refusals are JSON `{ error }`: 400 for a bad key or size, 403 for a bad/expired/misused signature or a
 * closed upload, 413 too large.
 */
export function localStorageRouter(storage: LocalStorage, options: LocalStorageRouterOptions = {}): Router {
  const router = Router();
  router.use(allowOrigins(new Set(options.corsOrigins)));
  router.options('/:bucket/*key', answerPreflight);
  router.get('/:bucket/*key', (req: ObjectRequest, res) => serveObject(storage, req, res));
  router.put('/:bucket/*key', (req: ObjectRequest, res) => storeObject(storage, req, res));
  return router;
}

async function serveObject(storage: LocalStorage, req: ObjectRequest, res: Response): Promise<void> {
  const grant = authorize(storage, req, res);
  if (grant?.method !== 'GET') return;
  const stat = await storage.stat(grant.bucket, grant.key);
  if (!stat) {
    res.status(404).json({ error: 'not found' });
    return;
  }
  res.set({
    'Content-Type': stat.contentType,
    // The URL dies at its expiry, so no cache should keep serving it longer.
    'Cache-Control': `private, max-age=${Math.max(0, grant.expiresAt - Math.floor(Date.now() / 1000))}`,
    // Same origin as the app in standalone: never let an uploaded file run as a page.
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'X-Content-Type-Options': 'nosniff',
  });
  if (grant.downloadName) res.set('Content-Disposition', attachmentDisposition(grant.downloadName));
  // send() adds Content-Length, ETag, Last-Modified, conditional GET and Range (206/416).
  res.sendFile(storage.filePath(grant.bucket, grant.key), { dotfiles: 'allow', cacheControl: false });
}

async function storeObject(storage: LocalStorage, req: ObjectRequest, res: Response): Promise<void> {
  const grant = authorize(storage, req, res);
  if (grant?.method !== 'PUT') return;
  if (await storage.putUrlsClosed(grant.bucket, grant.key)) {
    // Its upload completed or ended: a second body would be stored where nothing reads it.
    res.set('Connection', 'close').status(403).json({ error: 'closed' });
    return;
  }
  try {
    // With an exact size the declared Content-Length equals it, and Node ends the body there.
    const body = Readable.from(
      limitBytes(req, Math.min(grant.maxBytes, grant.size ?? Number.POSITIVE_INFINITY)),
    );
    await storage.put(grant.bucket, grant.key, body, { contentType: grant.contentType });
  } catch (error) {
    if (!(error instanceof PayloadTooLargeError)) throw error;
    refuseTooLarge(res);
    return;
  }
  res.status(200).end();
}

class PayloadTooLargeError extends Error {
  override name = 'PayloadTooLargeError';
}

/** Validates the key and the signature; on failure answers the request and returns undefined. */
function authorize(storage: LocalStorage, req: ObjectRequest, res: Response): StorageUrlGrant | undefined {
  const { bucket } = req.params;
  const key = req.params.key.join('/');
  const problem = bucketProblem(bucket) ?? keyProblem(key);
  if (problem) {
    res.status(400).json({ error: `invalid key: ${problem}` });
    return undefined;
  }
  const verdict = storage.verifyUrl({
    method: req.method,
    bucket,
    key,
    query: new URL(req.originalUrl, 'http://storage.invalid').searchParams,
    contentLength: declaredLength(req),
  });
  if (verdict.ok) return verdict.grant;
  if (verdict.reason === 'too large') refuseTooLarge(res);
  else if (verdict.reason === 'wrong size')
    res.set('Connection', 'close').status(400).json({ error: 'wrong size' });
  else res.status(403).json({ error: verdict.reason });
  return undefined;
}

function refuseTooLarge(res: Response): void {
  // Close instead of draining the rest of an oversized body.
  res.set('Connection', 'close').status(413).json({ error: 'too large' });
}

function declaredLength(req: Request): number | undefined {
  const header = req.get('content-length');
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

/** Passes the body through, failing as soon as it exceeds `maxBytes` (chunked bodies declare no length). */
async function* limitBytes(req: Request, maxBytes: number): AsyncGenerator<Buffer> {
  let received = 0;
  // Keep the socket open on failure: the client still needs the 413.
  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    received += (chunk as Buffer).length;
    if (received > maxBytes) throw new PayloadTooLargeError();
    yield chunk as Buffer;
  }
}

function allowOrigins(origins: ReadonlySet<string>): RequestHandler {
  return (req, res, next) => {
    const origin = req.get('origin');
    res.vary('Origin');
    if (origin && origins.has(origin)) {
      res.set({
        'Access-Control-Allow-Origin': origin,
        'Access-Control-Expose-Headers': 'Content-Length, Content-Range, ETag',
      });
    }
    next();
  };
}

function answerPreflight(_req: Request, res: Response): void {
  res.set('Allow', 'GET, HEAD, PUT, OPTIONS');
  // Only an allowed origin (marked by allowOrigins) learns what it may send.
  if (res.get('Access-Control-Allow-Origin')) {
    res.set({
      'Access-Control-Allow-Methods': 'GET, HEAD, PUT',
      'Access-Control-Allow-Headers': 'Content-Type, Range',
      'Access-Control-Max-Age': '3600',
    });
  }
  res.status(204).end();
}
