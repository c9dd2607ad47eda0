import { LIVE_LIMITS } from '../gateway.limits.js';

/**
 * The close of a socket over its address's or this replica's cap. 4429 is also what graphql-ws's
 * client treats as final, so a refused client does not reconnect in a loop (the SPA polls instead).
 */
export const TOO_MANY_CONNECTIONS = {
  code: 4429,
  reason: 'Too many live connections: close another tab or try again later',
} as const;

/**
 * Counts open graphql-ws sockets per client address and in total on this replica, so one address
 * cannot hold thousands of sockets (each with its memory and bus subscriptions) nor all of them
 * starve everyone else. Kept in memory: a socket lives on one replica.
 */
export class LiveConnections {
  private readonly perIp = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: { socketsPerIp: number; socketsTotal: number } = LIVE_LIMITS) {}

  /** Takes a place for a socket from `ip`; false when its address or the replica is full. */
  open(ip: string): boolean {
    const mine = this.perIp.get(ip) ?? 0;
    if (mine >= this.limits.socketsPerIp || this.total >= this.limits.socketsTotal) return false;
    this.perIp.set(ip, mine + 1);
    this.total += 1;
    return true;
  }

  /** Gives back the place of a socket from `ip` (once per successful open). */
  close(ip: string): void {
    const mine = this.perIp.get(ip) ?? 0;
    if (mine <= 1) this.perIp.delete(ip);
    else this.perIp.set(ip, mine - 1);
    this.total = Math.max(0, this.total - 1);
  }

  /** Open sockets on this replica (metrics, tests). */
  get size(): number {
    return this.total;
  }
}
