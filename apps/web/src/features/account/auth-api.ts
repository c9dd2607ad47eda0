import type { Factor, OtpType, Session, User } from '@memoreel/contracts';

/**
 * Every call the SPA makes to the gateway's `/auth/v1` (docs/auth-api.md), in one place.
 * The refresh token travels only as the gateway's HttpOnly cookie, so a session here never has one.
 */
export type PublicSession = Omit<Session, 'refreshToken'>;

/** A failed auth call; `code` is the gateway's `error_code` (see `authErrorCodes`). */
export class AuthApiError extends Error {
  override readonly name = 'AuthApiError';

  constructor(
    message: string,
    readonly code: string,
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
  ) {
    super(message);
  }
}

const NETWORK_ERROR_CODE = 'network_error';

/** Worth asking again: the server was unreachable or failed, rather than refusing. */
export function isRetryableAuthError(error: unknown): boolean {
  return error instanceof AuthApiError && (error.status === 0 || error.status >= 500);
}

export type BotChallenge =
  /** The ALTCHA challenge as JSON text, which the widget parses itself (v1 and v2 shapes). */
  { provider: 'altcha'; challengeJson: string } | { provider: 'turnstile'; siteKey: string };

export interface SocialProvider {
  id: string;
  name: string;
}

interface CallOptions {
  body?: object;
  accessToken?: string | null;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function errorFrom(response: Response, body: unknown): AuthApiError {
  const answer = (body ?? {}) as { error_code?: unknown; msg?: unknown };
  const code = typeof answer.error_code === 'string' ? answer.error_code : 'unexpected_failure';
  const message =
    typeof answer.msg === 'string'
      ? answer.msg
      : `The server answered with an error (HTTP ${response.status}).`;
  return new AuthApiError(message, code, response.status);
}

async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body) headers['content-type'] = 'application/json';
  if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
  let response: Response;
  try {
    response = await fetch(`/auth/v1${path}`, {
      method,
      headers,
      body: options.body ? JSON.stringify(options.body) : null,
      // The refresh cookie is scoped to /auth/v1 and must travel with every call.
      credentials: 'same-origin',
    });
  } catch {
    throw new AuthApiError(
      'Could not reach the server. Check your connection and try again.',
      NETWORK_ERROR_CODE,
      0,
    );
  }
  const body = await readJson(response);
  if (!response.ok) throw errorFrom(response, body);
  return body as T;
}

export interface PasswordCredentials {
  email: string;
  password: string;
  botCheck?: string;
}

/** An authenticator app being set up: scan the QR code or type the secret, then confirm a code. */
export interface TotpEnrollment {
  factor: Factor;
  totp: { qrCode: string; secret: string; uri: string };
}

export const authApi = {
  signInWithPassword: (credentials: PasswordCredentials) =>
    call<PublicSession>('POST', '/token?grant_type=password', { body: credentials }),

  signUp: (details: PasswordCredentials & { fullName?: string; redirectTo?: string }) =>
    call<{ user: User; session: PublicSession | null }>('POST', '/signup', { body: details }),

  signInAnonymously: (botCheck: string) => call<PublicSession>('POST', '/anonymous', { body: { botCheck } }),

  /** Rotates the refresh cookie; a 401 means there is no session (any more). */
  refreshSession: () => call<PublicSession>('POST', '/token?grant_type=refresh_token'),

  signOut: (accessToken: string) =>
    call<null>('POST', '/logout?scope=local', { accessToken }).then(() => undefined),

  updateUser: (
    accessToken: string,
    changes: { email?: string; password?: string; fullName?: string; redirectTo?: string; botCheck?: string },
  ) => call<User>('PUT', '/user', { accessToken, body: changes }),

  recoverPassword: (request: { email: string; redirectTo?: string; botCheck?: string }) =>
    call<object>('POST', '/recover', { body: request }).then(() => undefined),

  sendMagicLink: (request: { email: string; redirectTo?: string; botCheck?: string }) =>
    call<object>('POST', '/otp', { body: request }).then(() => undefined),

  /** The gateway answers a session; the bus reply it forwards may still wrap it as `{session, type}`. */
  verifyOtp: async (request: { type: OtpType; email: string; token: string }) => {
    const answer = await call<PublicSession | { session: PublicSession }>('POST', '/verify', {
      body: request,
    });
    return 'session' in answer ? answer.session : answer;
  },

  getUser: (accessToken: string) => call<User>('GET', '/user', { accessToken }),

  enrollTotp: (accessToken: string) =>
    call<TotpEnrollment>('POST', '/factors', { accessToken, body: { factorType: 'totp' } }),

  unenrollFactor: (accessToken: string, factorId: string) =>
    call<{ id: string }>('DELETE', `/factors/${encodeURIComponent(factorId)}`, { accessToken }),

  /** One attempt at a factor: a challenge, then the code for it. */
  challengeAndVerify: async (accessToken: string, factorId: string, code: string) => {
    const path = `/factors/${encodeURIComponent(factorId)}`;
    const challenge = await call<{ id: string }>('POST', `${path}/challenge`, { accessToken });
    return call<{ session: PublicSession; recoveryCodes: string[] | null }>('POST', `${path}/verify`, {
      accessToken,
      body: { challengeId: challenge.id, code },
    });
  },

  verifyRecoveryCode: (accessToken: string, code: string) =>
    call<{ session: PublicSession; recoveryCodesLeft: number }>('POST', '/factors/recovery-code', {
      accessToken,
      body: { code },
    }),

  listSocialProviders: () =>
    call<{ providers: SocialProvider[] }>('GET', '/providers').then(({ providers }) => providers),

  botChallenge: async (): Promise<BotChallenge> => {
    const answer = await call<Record<string, unknown>>('GET', '/bot-check/challenge');
    if (answer.provider === 'turnstile') return { provider: 'turnstile', siteKey: String(answer.siteKey) };
    // The gateway may hand over the bus reply `{provider, challenge: {...}}` or the bare challenge.
    const challenge =
      answer.provider === 'altcha' && typeof answer.challenge === 'object' ? answer.challenge : answer;
    return { provider: 'altcha', challengeJson: JSON.stringify(challenge) };
  },
};

export type AuthApi = typeof authApi;

/** Where the browser goes to sign in with a social provider; the gateway answers with a redirect. */
export function socialSignInUrl(provider: string, redirectTo: string): string {
  const query = new URLSearchParams({ provider, redirect_to: redirectTo });
  return `/auth/v1/authorize?${query}`;
}
