import type { AuthHttpError } from './auth-http-error.js';

/** The SPA route that finishes every browser-navigated sign-in (e-mail links, social providers). */
const SPA_CALLBACK_PATH = '/auth/callback';

/** Success: the refresh cookie is set; the SPA refreshes, then goes to `next` (already same-site). */
export function spaCallbackUrl(outcome: { type: string; next: string }): string {
  return `${SPA_CALLBACK_PATH}?${new URLSearchParams(outcome)}`;
}

/** Failure, in the OAuth error parameters the SPA reads (`error`, `error_code`, `error_description`). */
export function spaCallbackErrorUrl(failure: AuthHttpError): string {
  const query = new URLSearchParams({
    error: failure.status >= 500 ? 'server_error' : 'access_denied',
    error_code: failure.body.error_code,
    error_description: failure.body.msg,
  });
  return `${SPA_CALLBACK_PATH}?${query}`;
}
