import { beforeEach, describe, expect, it, vi } from 'vitest';
import { graphqlWsUrl, subscribeLive } from './graphql-ws';

/** A graphql-ws client whose socket opens and closes when the test says so. */
const socket = vi.hoisted(() => {
  const listeners = new Map<string, () => void>();
  return {
    emit: (event: 'connected' | 'closed') => listeners.get(event)?.(),
    stop: vi.fn(),
    client: {
      on: (event: string, listener: () => void) => listeners.set(event, listener),
      subscribe: () => socket.stop,
    },
  };
});

vi.mock('graphql-ws', () => ({ createClient: () => socket.client }));

const handlers = { onData: () => {}, onError: () => {} };

beforeEach(() => {
  socket.emit('closed');
  socket.stop.mockClear();
});

describe('live subscriptions', () => {
  it("reach the gateway on the page's own host, over TLS when the page is", () => {
    expect(graphqlWsUrl({ protocol: 'https:', host: 'memoreel.example' })).toBe(
      'wss://memoreel.example/graphql',
    );
    expect(graphqlWsUrl({ protocol: 'http:', host: '127.0.0.1:5173' })).toBe('ws://127.0.0.1:5173/graphql');
  });

  it('are ready once the socket is connected', async () => {
    const live = subscribeLive('subscription { x }', {}, handlers);

    socket.emit('connected');

    await expect(live.ready).resolves.toBeUndefined();
  });

  it('never let a caller carry on after it stopped listening before the socket opened', async () => {
    const live = subscribeLive('subscription { x }', {}, handlers);

    live.unsubscribe();
    socket.emit('connected');

    await expect(live.ready).rejects.toThrow('stopped');
    expect(socket.stop).toHaveBeenCalledOnce();
  });
});
