import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open. Node closes one after 5 s, so a client that
 * sends on it just then — a load balancer whose idle timeout is the usual 60 s, or a browser that
 * solved the sign-up bot check on the same connection — gets a reset instead of an answer. Kept open
 * longer than any proxy in front keeps its own, the proxy closes first.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Keeps idle connections open past a proxy's idle timeout; the headers still have to arrive in time. */
export function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node's rule: the time to send the headers must outlast the keep-alive wait.
  server.headersTimeout = Math.max(server.headersTimeout, KEEP_ALIVE_MS + 1_000);
}
