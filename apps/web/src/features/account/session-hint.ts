/**
 * The gateway sets this cookie beside the HttpOnly refresh cookie and clears it with it
 * (docs/auth-api.md). It holds no secret: it only says whether a session is worth asking for.
 */
export const SESSION_HINT_COOKIE = 'memoreel-session';

/** On <html> while the hint is present, so the bar can keep the account buttons hidden until the session is known. */
export const SESSION_HINT_CLASS = 'session-hint';

/** Whether this browser was given a refresh cookie, so a first-time visitor costs no request (and no 401). */
export function hasSessionHint(): boolean {
  return document.cookie.split(';').some((cookie) => cookie.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

export function markSessionHint(): void {
  document.documentElement.classList.toggle(SESSION_HINT_CLASS, hasSessionHint());
}
