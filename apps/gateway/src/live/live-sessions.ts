import { sessionsRevoked } from '@memoreel/contracts';
import type { BusClient, Subscription } from '@memoreel/platform';

/** What a live connection must offer to be ended: the WebSocket. */
export interface LiveSocket {
  close(code: number, reason: string): void;
}

/** graphql-ws close codes: 4401 makes the SPA refresh its token and reconnect; 4403 too, and a refused refresh signs it out. */
export const LIVE_CLOSE = {
  expired: { code: 4401, reason: 'Unauthorized: the access token expired' },
  revoked: { code: 4403, reason: 'Forbidden: the session has ended' },
} as const;

/** Access tokens live 600 s: a revoked session must be remembered at least that long. */
const REMEMBER_REVOKED_MS = 11 * 60_000;

/**
 * Keeps live connections honest. A graphql-ws socket is authenticated once, at connect; here each
 * operation on it is checked again (token expiry, revoked session), the socket is closed when its
 * token expires, and every socket of a session the auth service revokes (sign-out, new password,
 * stolen refresh token) is closed at once — on every gateway replica, through the bus's live fan-out.
 */
export class LiveSessions {
  private readonly revoked = new Map<string, number>();
  private readonly sockets = new Map<string, Set<LiveSocket>>();
  private subscription: Subscription | undefined;

  constructor(
    private readonly bus: BusClient,
    private readonly now: () => number = Date.now,
  ) {}

  /** Nest's lifecycle: listen for revocations while the gateway runs. */
  onModuleInit(): void {
    this.subscription ??= this.bus.subscribeLive(sessionsRevoked, ({ sessionIds }) =>
      this.revoke(sessionIds),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  /** Whether an operation of `sessionId`, whose token expires at `expiresAtMs`, may still run. */
  isLive(sessionId: string | undefined, expiresAtMs: number): boolean {
    if (this.now() >= expiresAtMs) return false;
    return !sessionId || !this.revoked.has(sessionId);
  }

  /** Follows a socket until it closes; ends it when its token expires. Returns the detach for its close. */
  attach(sessionId: string | undefined, expiresAtMs: number, socket: LiveSocket): () => void {
    const timer = setTimeout(
      () => socket.close(LIVE_CLOSE.expired.code, LIVE_CLOSE.expired.reason),
      Math.max(0, expiresAtMs - this.now()),
    );
    timer.unref?.();
    if (sessionId) {
      const open = this.sockets.get(sessionId) ?? new Set<LiveSocket>();
      open.add(socket);
      this.sockets.set(sessionId, open);
    }
    return () => {
      clearTimeout(timer);
      if (!sessionId) return;
      const open = this.sockets.get(sessionId);
      open?.delete(socket);
      if (open?.size === 0) this.sockets.delete(sessionId);
    };
  }

  revoke(sessionIds: readonly string[]): void {
    const now = this.now();
    for (const [id, forgetAt] of this.revoked) if (forgetAt <= now) this.revoked.delete(id);
    for (const id of sessionIds) {
      this.revoked.set(id, now + REMEMBER_REVOKED_MS);
      for (const socket of this.sockets.get(id) ?? [])
        socket.close(LIVE_CLOSE.revoked.code, LIVE_CLOSE.revoked.reason);
      this.sockets.delete(id);
    }
  }
}
