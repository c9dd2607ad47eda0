import type { Request, RequestHandler } from 'express';
import { appOriginOf } from '../http/client.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** What a browser says of a request its own page made (`none`: typed in or bookmarked). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

export const sameOriginWriteErrors = {
  crossSite: { error: 'cross_site_request', error_description: 'Requests from other sites are not accepted' },
  notJson: {
    error: 'unsupported_media_type',
    error_description: 'Send the request body as application/json',
  },
} as const;

function hasBody(req: Request): boolean {
  const length = Number(req.get('content-length') ?? 0);
  return length > 0 || req.get('transfer-encoding') !== undefined;
}

/** Our origins: the configured public URL, and the host the browser addressed (127.0.0.1 or localhost alike). */
function isOwnOrigin(req: Request, origin: string, publicUrl: string | undefined): boolean {
  return origin === appOriginOf(req, publicUrl) || origin === `${req.protocol}://${req.get('host') ?? ''}`;
}

/**
 * Guards the auth API against login CSRF: a cross-site form can plant an attacker's session
 * only if the API takes form bodies or writes from other origins. State-changing requests must
 * carry JSON (which a cross-site form cannot send without a CORS preflight we never grant) and,
 * when the browser says where they come from (`Origin`, `Sec-Fetch-Site`), come from our origin.
 * Runs before any route, so a refused logout clears nothing.
 */
export function sameOriginWrites(publicUrl: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const crossSite =
      (fetchSite !== undefined && !OWN_FETCH_SITES.has(fetchSite)) ||
      (origin !== undefined && !isOwnOrigin(req, origin, publicUrl));
    if (crossSite) {
      res.status(403).json(sameOriginWriteErrors.crossSite);
      return;
    }
    if (hasBody(req) && !req.is('application/json')) {
      res.status(415).json(sameOriginWriteErrors.notJson);
      return;
    }
    next();
  };
}
