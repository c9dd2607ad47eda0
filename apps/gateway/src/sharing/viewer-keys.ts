import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { addressOf } from '../http/client.js';

/** The cookie that names a browser to the view counter: an opaque random id, nothing else. */
export const VIEWER_COOKIE = 'memoreel_viewer';
const VIEWER_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The viewer's id from its cookie, or a new one set for a year. It needs no signature: forging
 * or dropping it only makes a "new viewer", which the per-IP rate limit bounds anyway.
 */
export function viewerKeyOf(req: Request, res: Response | undefined): string {
  const existing = req.cookies?.[VIEWER_COOKIE];
  if (typeof existing === 'string' && VIEWER_ID.test(existing)) return `v:${existing}`;
  const id = randomBytes(16).toString('base64url');
  res?.cookie(VIEWER_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: 365 * 24 * 3600 * 1000,
  });
  return `v:${id}`;
}

/** The client's IP (behind trusted proxies only) as an opaque key: the raw address is never stored. */
export function ipKeyOf(req: Request): string {
  return `ip:${createHash('sha256')
    .update(`memoreel-share-views:${addressOf(req)}`)
    .digest('base64url')}`;
}
