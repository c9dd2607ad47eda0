import { beforeEach, describe, expect, it, vi } from 'vitest';
import { announceIdentityChange, setAccessTokenGetter } from './access-token';
import { graphqlWsUrl, subscribeLive } from './graphql-ws';

/** A graphql-ws client whose socket opens and closes when the test says so. */
const socket = vi.hoisted(() => {
  const listeners = new Map<string, () => void>();
  return {
    emit: (event: 'connected' | 'closed') => listeners.get(event)?.(),
    stop: vi.fn(),
    terminate: vi.fn(),
    options: undefined as { connectionParams?: () => Record<string, unknown> } | undefined,
    client: {
      on: (event: string, listener: () => void) => listeners.set(event, listener),
      subscribe: () => socket.stop,
      terminate: () => socket.terminate(),
    },
  };
});

vi.mock('graphql-ws', () => ({
  createClient: (options: typeof socket.options) => {
    socket.options = options;
    return socket.client;
  },
}));

const handlers = { onData: () => {}, onError: () => {} };

beforeEach(() => {
  socket.emit('closed');
  socket.stop.mockClear();
  socket.terminate.mockClear();
  setAccessTokenGetter(() => null);
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

describe('who the live connection speaks for', () => {
  it('is told by the access token of the moment the socket connects', () => {
    subscribeLive('subscription { x }', {}, handlers);
    const connectionParams = socket.options?.connectionParams;

    expect(connectionParams?.()).toEqual({});
    setAccessTokenGetter(() => 'the-access-token');
    expect(connectionParams?.()).toEqual({ authorization: 'Bearer the-access-token' });
  });

  it('changes by reconnecting after a sign-in or sign-out', () => {
    subscribeLive('subscription { x }', {}, handlers);
    announceIdentityChange();
    expect(socket.terminate).not.toHaveBeenCalled();

    socket.emit('connected');
    announceIdentityChange();

    expect(socket.terminate).toHaveBeenCalledOnce();
  });
});
