import { authErrorCodes, authMessages, sessionsRevoked } from '@memoreel/contracts';
import type { Bus, Subscription } from './bus.js';
import { DomainError } from './domain-error.js';

/** Access tokens live 600 s: a revoked session is remembered a little longer than any token of it. */
const REMEMBER_REVOKED_MS = 11 * 60_000;

/** The answer to a request made with an access token of a session that has ended. */
export class RevokedSessionError extends DomainError {
  constructor() {
    super(authErrorCodes.sessionNotFound, authMessages.errors.sessionNotFound);
  }
}

/**
 * The sessions the auth service has ended, as every service process hears them (the bus's live
 * fan-out of `auth.session.revoked`). A request whose actor names one is refused before its handler
 * runs: an access token outlives its session by up to ten minutes, and no service may act on it.
 * A process started after a revocation did not hear it; that token expires within those minutes.
 */
export class RevokedSessions {
  private readonly revoked = new Map<string, number>();
  private subscription: Subscription | undefined;

  constructor(
    private readonly bus: Pick<Bus, 'subscribeLive'>,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.subscription ??= this.bus.subscribeLive(sessionsRevoked.subject, (message) => {
      const data = sessionsRevoked.data.safeParse(message.payload);
      if (data.success) this.add(data.data.sessionIds);
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  add(sessionIds: readonly string[]): void {
    const now = this.now();
    for (const [id, forgetAt] of this.revoked) if (forgetAt <= now) this.revoked.delete(id);
    for (const id of sessionIds) this.revoked.set(id, now + REMEMBER_REVOKED_MS);
  }

  has(sessionId: string | undefined): boolean {
    return sessionId !== undefined && (this.revoked.get(sessionId) ?? 0) > this.now();
  }
}
