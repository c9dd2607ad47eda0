import type { OtpType, User } from '@memoreel/contracts';
import { type AuthApi, AuthApiError, authApi, isRetryableAuthError, type PublicSession } from './auth-api';
import { hasSessionHint } from './session-hint';

/** The auth events of spec §4, in the order a listener may hear them. */
export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY'
  | 'MFA_CHALLENGE_VERIFIED';

export type AuthListener = (event: AuthEvent, session: PublicSession | null) => void;

/** Spec §9 library defaults: the refresh check runs every 30 s, retries back off from 200 ms. */
export const AUTO_REFRESH_TICK_MS = 30_000;
/** Refresh once less than this is left, so a token never expires between two ticks. */
export const REFRESH_MARGIN_MS = 60_000;
export const REFRESH_RETRY_FIRST_DELAY_MS = 200;
/** Spec §3: the browser remembers a guest's id and forgets it at sign-out. */
export const ANONYMOUS_USER_ID_KEY = 'anonymousUserId';

/** Answers the gateway gives sign-out for a session that is already gone: nothing left to do. */
const SIGN_OUT_ALREADY_DONE = new Set([401, 403, 404]);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function rememberGuest(user: User | null): void {
  try {
    if (user?.isAnonymous) localStorage.setItem(ANONYMOUS_USER_ID_KEY, user.id);
    else localStorage.removeItem(ANONYMOUS_USER_ID_KEY);
  } catch {
    // Storage can be unavailable (private modes); the id is a convenience, the session does not need it.
  }
}

/**
 * Whether the server says this session still owes its second factor (`mfa_pending`, decision 0027).
 * Read from the token only to choose the screen: the gateway enforces it.
 */
export function owesSecondFactor(session: PublicSession): boolean {
  try {
    const payload = session.accessToken.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as { mfa_pending?: unknown }).mfa_pending === true;
  } catch {
    return false;
  }
}

/** A 401 to a refresh means the refresh cookie is spent, revoked or missing: the session is over. */
function isSessionGone(error: unknown): boolean {
  return error instanceof AuthApiError && error.status === 401;
}

/**
 * The signed-in state of this tab. The access token lives in memory only; the refresh token is the
 * gateway's HttpOnly cookie, so a reload recovers the session by refreshing.
 */
export class AuthClient {
  private session: PublicSession | null = null;
  /** A sign-in that passed the password but not yet the second factor: not a session the app may use. */
  private pending: PublicSession | null = null;
  private readonly listeners = new Set<AuthListener>();
  private readonly pendingListeners = new Set<() => void>();
  private initialSession: Promise<void> | null = null;
  private refreshing: Promise<PublicSession | null> | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly api: AuthApi = authApi) {}

  getSession(): PublicSession | null {
    return this.session;
  }

  accessToken(): string | null {
    return this.session?.accessToken ?? null;
  }

  /** The sign-in waiting for its authenticator code, if any. */
  getPendingSecondFactor(): PublicSession | null {
    return this.pending;
  }

  /** Runs `listener` whenever a sign-in starts or stops waiting for its second factor. */
  onSecondFactorChange(listener: () => void): () => void {
    this.pendingListeners.add(listener);
    return () => this.pendingListeners.delete(listener);
  }

  /** Finishes the waiting sign-in with a code from the authenticator app (spec §4 MFA_CHALLENGE_VERIFIED). */
  async verifySecondFactor(code: string): Promise<PublicSession> {
    const holder = this.pending ?? this.session;
    const factor = holder?.user.factors.find((f) => f.status === 'verified' && f.factorType === 'totp');
    if (!holder || !factor) throw new AuthApiError('Authentication required', 'not_authenticated', 401);
    const { session } = await this.api.challengeAndVerify(holder.accessToken, factor.id, code);
    this.passSecondFactor(session);
    return session;
  }

  /** Finishes the waiting sign-in with a recovery code instead; each works once. */
  async verifyRecoveryCode(code: string): Promise<PublicSession> {
    const holder = this.pending ?? this.session;
    if (!holder) throw new AuthApiError('Authentication required', 'not_authenticated', 401);
    const { session } = await this.api.verifyRecoveryCode(holder.accessToken, code);
    this.passSecondFactor(session);
    return session;
  }

  /** Starts setting up an authenticator app for the signed-in account. */
  enrollTotp() {
    return this.api.enrollTotp(this.requireSession().accessToken);
  }

  /** Confirms the app with its first code: the session is aal2 now. Answers the recovery codes, shown once. */
  async confirmTotp(factorId: string, code: string): Promise<string[] | null> {
    const answer = await this.api.challengeAndVerify(this.requireSession().accessToken, factorId, code);
    this.setSession(answer.session, 'MFA_CHALLENGE_VERIFIED');
    return answer.recoveryCodes;
  }

  async unenrollFactor(factorId: string): Promise<void> {
    const session = this.requireSession();
    await this.api.unenrollFactor(session.accessToken, factorId);
    const user = await this.api.getUser(session.accessToken);
    this.setSession({ ...(this.session ?? session), user }, 'USER_UPDATED');
  }

  onAuthStateChange(listener: AuthListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Recovers the session once, then keeps it fresh until `stop()`. Safe to call again. */
  start(): Promise<void> {
    this.initialSession ??= this.recoverSession();
    if (!this.ticker) {
      this.ticker = setInterval(() => void this.refreshIfExpiring(), AUTO_REFRESH_TICK_MS);
      // Background tabs throttle timers: check again as soon as the tab is seen.
      document.addEventListener('visibilitychange', this.onVisibilityChange);
    }
    return this.initialSession;
  }

  stop(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
  }

  /** Rotates the refresh cookie for a new access token; resolves null when the session is over. */
  refresh(): Promise<PublicSession | null> {
    this.refreshing ??= this.refreshOrSignOut().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  async signInWithPassword(credentials: { email: string; password: string; botCheck?: string }) {
    return this.signIn(await this.api.signInWithPassword(credentials));
  }

  /** Resolves `session: null` when the address must be confirmed first. */
  async signUp(details: { email: string; password: string; redirectTo?: string; botCheck?: string }) {
    const answer = await this.api.signUp(details);
    if (answer.session) this.signIn(answer.session);
    return answer;
  }

  async signInAnonymously(botCheck: string) {
    return this.signIn(await this.api.signInAnonymously(botCheck));
  }

  /** A recovery code opens a session only to set a new password, so it announces exactly that. */
  async verifyOtp(request: { type: OtpType; email: string; token: string }) {
    const session = await this.api.verifyOtp(request);
    if (owesSecondFactor(session)) this.setPending(session);
    else this.setSession(session, request.type === 'recovery' ? 'PASSWORD_RECOVERY' : 'SIGNED_IN');
    return session;
  }

  async updateUser(changes: { email?: string; password?: string; redirectTo?: string; botCheck?: string }) {
    const session = this.session;
    if (!session) throw new AuthApiError('Authentication required', 'not_authenticated', 401);
    const user = await this.api.updateUser(session.accessToken, changes);
    this.setSession({ ...session, user }, 'USER_UPDATED');
    return user;
  }

  /** Sends the reset e-mail; the answer is the same whether or not the address has an account. */
  recoverPassword(request: { email: string; redirectTo?: string; botCheck?: string }): Promise<void> {
    return this.api.recoverPassword(request);
  }

  /** Sends an e-mail with a sign-in link and a six-digit code. */
  sendMagicLink(request: { email: string; redirectTo?: string; botCheck?: string }): Promise<void> {
    return this.api.sendMagicLink(request);
  }

  listSocialProviders() {
    return this.api.listSocialProviders();
  }

  /** A fresh bot-check challenge (spec §4), or word that Turnstile is configured instead. */
  botChallenge() {
    return this.api.botChallenge();
  }

  /** Used by /auth/callback after a recovery link, whose session the initial refresh already opened. */
  announcePasswordRecovery(): void {
    if (this.session) this.emit('PASSWORD_RECOVERY');
  }

  /** Ends the session here whatever the server says; spec §7: 401, 403 and 404 answers are ignored. */
  async signOut(): Promise<void> {
    const token = this.session?.accessToken ?? this.pending?.accessToken;
    try {
      if (token) await this.api.signOut(token);
    } catch (error) {
      if (!(error instanceof AuthApiError && SIGN_OUT_ALREADY_DONE.has(error.status))) {
        console.error('Sign-out failed on the server', error);
      }
    } finally {
      this.endSession();
    }
  }

  /** A session owing its second factor waits aside; any other is signed in. */
  private signIn(session: PublicSession): PublicSession {
    if (owesSecondFactor(session)) this.setPending(session);
    else this.setSession(session, 'SIGNED_IN');
    return session;
  }

  private passSecondFactor(session: PublicSession): void {
    this.setPending(null);
    this.setSession(session, 'MFA_CHALLENGE_VERIFIED');
  }

  private setPending(session: PublicSession | null): void {
    this.pending = session;
    for (const listener of [...this.pendingListeners]) listener();
  }

  private requireSession(): PublicSession {
    if (!this.session) throw new AuthApiError('Authentication required', 'not_authenticated', 401);
    return this.session;
  }

  private async recoverSession(): Promise<void> {
    try {
      const recovered = hasSessionHint() ? await this.refreshWithRetry() : null;
      // A reload between the password and the code: the sign-in still waits for its code.
      if (recovered && owesSecondFactor(recovered)) this.setPending(recovered);
      else this.session = recovered;
    } catch (error) {
      if (!isSessionGone(error)) console.warn('Could not recover the session', error);
      this.session = null;
    }
    rememberGuest(this.session?.user ?? null);
    this.emit('INITIAL_SESSION');
  }

  private async refreshOrSignOut(): Promise<PublicSession | null> {
    try {
      const session = await this.refreshWithRetry();
      // The account turned two-factor sign-in on elsewhere: this tab must pass it too.
      if (owesSecondFactor(session)) {
        this.endSession();
        this.setPending(session);
        return null;
      }
      this.setSession(session, 'TOKEN_REFRESHED');
      return session;
    } catch (error) {
      if (!isSessionGone(error)) throw error;
      this.endSession();
      return null;
    }
  }

  /** Retries unreachable-server failures with doubling waits, as long as they fit in one tick. */
  private async refreshWithRetry(): Promise<PublicSession> {
    const startedAt = Date.now();
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.api.refreshSession();
      } catch (error) {
        const wait = REFRESH_RETRY_FIRST_DELAY_MS * 2 ** attempt;
        if (!isRetryableAuthError(error) || Date.now() + wait - startedAt >= AUTO_REFRESH_TICK_MS)
          throw error;
        await sleep(wait);
      }
    }
  }

  private async refreshIfExpiring(): Promise<void> {
    const session = this.session;
    if (!session || this.refreshing) return;
    if (session.expiresAt * 1000 - Date.now() >= REFRESH_MARGIN_MS) return;
    try {
      await this.refresh();
    } catch (error) {
      // The next tick tries again; the current token stays until the server says it is over.
      console.warn('Could not refresh the session', error);
    }
  }

  private readonly onVisibilityChange = () => {
    if (document.visibilityState === 'visible') void this.refreshIfExpiring();
  };

  private endSession(): void {
    const hadSession = this.session !== null;
    this.session = null;
    if (this.pending) this.setPending(null);
    rememberGuest(null);
    if (hadSession) this.emit('SIGNED_OUT');
  }

  private setSession(session: PublicSession, event: AuthEvent): void {
    this.session = session;
    rememberGuest(session.user);
    this.emit(event);
  }

  private emit(event: AuthEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event, this.session);
      } catch (error) {
        console.error(`An auth listener failed on ${event}`, error);
      }
    }
  }
}
