import type { Session } from '@memoreel/contracts';
import type { CookieOptions, Request, Response } from 'express';

/** A session as the browser gets it: the refresh token only ever travels in the HttpOnly cookie. */
export type PublicSession = Omit<Session, 'refreshToken'>;

export const REFRESH_COOKIE = 'memoreel-refresh';
/**
 * Readable by scripts and holding nothing secret: it only says a refresh cookie was issued, so the
 * SPA skips the session check (and its 401) for visitors who never signed in. Set and cleared with
 * the refresh cookie; the SPA reads its name from docs/auth-api.md's table.
 */
export const SESSION_HINT_COOKIE = 'memoreel-session';
const REFRESH_COOKIE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

function refreshCookieOptions(request: Request): CookieOptions {
  // Scoped to /auth/v1: GraphQL and page loads never carry it; Lax keeps it off cross-site POSTs.
  return { httpOnly: true, sameSite: 'lax', path: '/auth/v1', secure: request.secure };
}

function sessionHintOptions(request: Request): CookieOptions {
  return { httpOnly: false, sameSite: 'lax', path: '/', secure: request.secure };
}

/** Puts the session's refresh token into the cookie and answers the rest. */
export function deliverSession(request: Request, response: Response, session: Session): PublicSession {
  const { refreshToken, ...publicSession } = session;
  response.cookie(REFRESH_COOKIE, refreshToken, {
    ...refreshCookieOptions(request),
    maxAge: REFRESH_COOKIE_MAX_AGE_MS,
  });
  response.cookie(SESSION_HINT_COOKIE, '1', {
    ...sessionHintOptions(request),
    maxAge: REFRESH_COOKIE_MAX_AGE_MS,
  });
  return publicSession;
}

export function clearRefreshCookie(request: Request, response: Response): void {
  response.clearCookie(REFRESH_COOKIE, refreshCookieOptions(request));
  response.clearCookie(SESSION_HINT_COOKIE, sessionHintOptions(request));
}

export function refreshTokenOf(request: Request): string | undefined {
  const value: unknown = request.cookies?.[REFRESH_COOKIE];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
