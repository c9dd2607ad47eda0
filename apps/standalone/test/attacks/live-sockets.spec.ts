import { randomUUID } from 'node:crypto';
import { authService } from '@memoreel/auth';
import { projectsService } from '@memoreel/projects';
import { sharingService } from '@memoreel/sharing';
import { type Client, createClient } from 'graphql-ws';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { useGatewayStack } from '../gateway-stack.js';
import { guestSession } from '../guest-session.js';

/**
 * Issue 31 §5: live sockets (graphql-ws) opened as an attacker would: many from one address, kept
 * open without a session or past its end, and the probe subscription without an account.
 * The caps are made small here; their real sizes are in gateway.limits.ts (LIVE_LIMITS).
 */

const PER_IP = 3;
const TOTAL = 6;

type Closed = { code: number; reason: string };
type Socket = { client: Client; closed: Promise<Closed>; opened: Promise<void> };

describe('live sockets under attack (attack suite)', () => {
  let url: string;
  const sockets: Client[] = [];
  let lastAddress = 0;
  const address = () => `198.51.100.${++lastAddress}`;

  const stack = useGatewayStack({
    name: 'attack-live-sockets',
    services: [authService, projectsService, sharingService],
    liveLimits: { socketsPerIp: PER_IP, socketsTotal: TOTAL, anonymousSocketSeconds: 1 },
  });
  beforeAll(async () => {
    url = `${stack.baseUrl.replace('http', 'ws')}/graphql`;
  });

  afterEach(async () => {
    for (const client of sockets.splice(0)) await client.dispose();
    // The server gives the places back as it sees the closes.
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  /** A socket from `ip` (the gateway believes X-Forwarded-For from loopback, as from its ingress). */
  function open(ip: string, authorization?: string): Socket {
    class FromAddress extends WebSocket {
      constructor(target: string, protocols?: string | string[]) {
        super(target, protocols, { headers: { 'x-forwarded-for': ip } });
      }
    }
    let onOpened: () => void = () => {};
    let onClosed: (closed: Closed) => void = () => {};
    const opened = new Promise<void>((resolve) => {
      onOpened = resolve;
    });
    const closed = new Promise<Closed>((resolve) => {
      onClosed = resolve;
    });
    const client = createClient({
      url,
      webSocketImpl: FromAddress,
      lazy: false,
      retryAttempts: 0,
      // Refusals are what these tests look for: the client need not print them.
      onNonLazyError: () => {},
      connectionParams: authorization ? { authorization } : {},
      on: {
        connected: () => onOpened(),
        closed: (event) => onClosed(event as Closed),
      },
    });
    sockets.push(client);
    return { client, opened, closed };
  }

  const guestToken = (ip: string) => guestSession(stack.baseUrl, { 'x-forwarded-for': ip });

  it(`refuses a ${PER_IP + 1}th socket from one address; another address still connects`, async () => {
    const attacker = address();
    const held = Array.from({ length: PER_IP }, () => open(attacker));
    await Promise.all(held.map((socket) => socket.opened));
    const refused = open(attacker);
    expect(await refused.closed).toMatchObject({
      code: 4429,
      reason: 'Too many live connections: close another tab or try again later',
    });
    await open(address()).opened;

    // A place comes back when a socket ends.
    await held[0]?.client.dispose();
    await vi.waitFor(async () => {
      const again = open(attacker);
      const outcome = await Promise.race([
        again.opened.then(() => 'open'),
        again.closed.then(() => 'closed'),
      ]);
      expect(outcome).toBe('open');
    });
  });

  it(`holds at most ${TOTAL} sockets on the replica, whatever their addresses`, async () => {
    const held = Array.from({ length: TOTAL }, () => open(address()));
    await Promise.all(held.map((socket) => socket.opened));
    expect((await open(address()).closed).code).toBe(4429);
  });

  it('closes a guest socket when its session ends (sign-out), and a socket without a token after its lifetime', async () => {
    const ip = address();
    const token = await guestToken(ip);
    const guest = open(ip, `Bearer ${token}`);
    await guest.opened;
    const signedOut = await fetch(`${stack.baseUrl}/auth/v1/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
    });
    expect(signedOut.status).toBe(204);
    expect((await guest.closed).code).toBe(4403);

    // Nothing opened without a session stays open for good (1 s here, an access token's 600 s in use).
    const anonymous = open(address());
    await anonymous.opened;
    expect((await anonymous.closed).code).toBe(4401);
  });

  it('refuses the probe subscription to anonymous visitors and guests', async () => {
    const follow = (socket: Socket) =>
      new Promise<unknown>((resolve) => {
        socket.client.subscribe(
          { query: `subscription { probeCompleted(id: "${randomUUID()}") { id } }` },
          // A refused subscription arrives as one result whose errors say why.
          { next: (result) => resolve(result.errors), error: resolve, complete: () => resolve('complete') },
        );
      });
    const refusal = [{ message: 'Authentication required', extensions: { code: 'UNAUTHORIZED' } }];
    expect(await follow(open(address()))).toMatchObject(refusal);
    const ip = address();
    expect(await follow(open(ip, `Bearer ${await guestToken(ip)}`))).toMatchObject(refusal);
  });
});
