import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeAuthApi,
  sampleGuest,
  sampleSession,
  sampleUser,
  signedOutAnswer,
  unreachableAnswer,
} from '../../testing/auth-fixtures';
import { AuthApiError, type PublicSession } from './auth-api';
import { ANONYMOUS_USER_ID_KEY, AUTO_REFRESH_TICK_MS, AuthClient, type AuthEvent } from './auth-client';
import { SESSION_HINT_COOKIE } from './session-hint';

function recordEvents(client: AuthClient) {
  const events: [AuthEvent, PublicSession | null][] = [];
  client.onAuthStateChange((event, session) => events.push([event, session]));
  return events;
}

/** Forgets the cookie the gateway sets beside the refresh cookie (test-setup.ts sets it before each test). */
function dropSessionHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

beforeEach(() => {
  vi.useFakeTimers();
  // On a whole second, so "expires at" (in seconds) leaves exactly the time the test says.
  vi.setSystemTime(new Date('2026-01-01T09:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the initial session', () => {
  it('comes from a refresh of the cookie', async () => {
    const session = sampleSession();
    const client = new AuthClient(fakeAuthApi({ refreshSession: vi.fn().mockResolvedValue(session) }));
    const events = recordEvents(client);

    await client.start();

    expect(events).toEqual([['INITIAL_SESSION', session]]);
    expect(client.accessToken()).toBe(session.accessToken);
    client.stop();
  });

  it('is not asked for when the browser was never given a session: a first visit costs no request', async () => {
    dropSessionHint();
    localStorage.setItem(ANONYMOUS_USER_ID_KEY, 'a-guest-from-before');
    const refreshSession = vi.fn().mockResolvedValue(sampleSession());
    const client = new AuthClient(fakeAuthApi({ refreshSession }));
    const events = recordEvents(client);

    await client.start();

    expect(refreshSession).not.toHaveBeenCalled();
    expect(events).toEqual([['INITIAL_SESSION', null]]);
    expect(localStorage.getItem(ANONYMOUS_USER_ID_KEY)).toBeNull();
    client.stop();
  });

  it('is empty when the gateway answers 401: the visitor is signed out', async () => {
    localStorage.setItem(ANONYMOUS_USER_ID_KEY, 'a-guest-from-before');
    const client = new AuthClient(
      fakeAuthApi({ refreshSession: vi.fn().mockRejectedValue(signedOutAnswer()) }),
    );
    const events = recordEvents(client);

    await client.start();

    expect(events).toEqual([['INITIAL_SESSION', null]]);
    expect(localStorage.getItem(ANONYMOUS_USER_ID_KEY)).toBeNull();
    client.stop();
  });

  it('retries an unreachable server with waits doubling from 200 ms', async () => {
    const session = sampleSession();
    const refreshSession = vi
      .fn()
      .mockRejectedValueOnce(unreachableAnswer())
      .mockRejectedValueOnce(unreachableAnswer())
      .mockResolvedValue(session);
    const client = new AuthClient(fakeAuthApi({ refreshSession }));

    const started = client.start();
    expect(refreshSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshSession).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(400);
    await started;

    expect(refreshSession).toHaveBeenCalledTimes(3);
    expect(client.getSession()).toBe(session);
    client.stop();
  });

  it('is checked once, however often the app starts the client', async () => {
    const refreshSession = vi.fn().mockResolvedValue(sampleSession());
    const client = new AuthClient(fakeAuthApi({ refreshSession }));

    await Promise.all([client.start(), client.start()]);

    expect(refreshSession).toHaveBeenCalledOnce();
    client.stop();
  });
});

describe('automatic refresh', () => {
  it('checks every 30 s and refreshes once less than a minute is left', async () => {
    const first = sampleSession(sampleUser(), 600);
    const refreshSession = vi.fn().mockResolvedValueOnce(first);
    const client = new AuthClient(fakeAuthApi({ refreshSession }));
    const events = recordEvents(client);
    await client.start();

    // Ticks at 30 s … 540 s leave 60 s or more: nothing to do yet.
    await vi.advanceTimersByTimeAsync(540_000);
    expect(refreshSession).toHaveBeenCalledTimes(1);

    const second = sampleSession(sampleUser(), 600);
    refreshSession.mockResolvedValueOnce(second);
    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_TICK_MS);

    expect(refreshSession).toHaveBeenCalledTimes(2);
    expect(events.at(-1)).toEqual(['TOKEN_REFRESHED', second]);
    expect(client.accessToken()).toBe(second.accessToken);
    client.stop();
  });

  it('signs the user out when the refresh token is spent or revoked (401)', async () => {
    localStorage.setItem(ANONYMOUS_USER_ID_KEY, sampleGuest().id);
    const refreshSession = vi
      .fn()
      .mockResolvedValueOnce(sampleSession(sampleGuest(), 30))
      .mockRejectedValue(
        new AuthApiError('Invalid Refresh Token: Already Used', 'refresh_token_already_used', 401),
      );
    const client = new AuthClient(fakeAuthApi({ refreshSession }));
    const events = recordEvents(client);
    await client.start();

    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_TICK_MS);

    expect(events.at(-1)).toEqual(['SIGNED_OUT', null]);
    expect(client.getSession()).toBeNull();
    expect(localStorage.getItem(ANONYMOUS_USER_ID_KEY)).toBeNull();
    client.stop();
  });

  it('keeps the session through a failed refresh and tries again on the next tick', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const session = sampleSession(sampleUser(), 50);
    const refreshSession = vi.fn().mockResolvedValueOnce(session).mockRejectedValue(unreachableAnswer());
    const client = new AuthClient(fakeAuthApi({ refreshSession }));
    await client.start();

    await vi.advanceTimersByTimeAsync(AUTO_REFRESH_TICK_MS * 2);

    expect(client.getSession()).toBe(session);
    // Each tick retried with backoff until the next wait would no longer fit in the tick.
    expect(refreshSession.mock.calls.length).toBeGreaterThan(3);
    client.stop();
  });

  it('asks the server once when two refreshes overlap, since refresh tokens rotate', async () => {
    const refreshSession = vi.fn().mockResolvedValue(sampleSession());
    const client = new AuthClient(fakeAuthApi({ refreshSession }));
    await client.start();
    refreshSession.mockClear();

    await Promise.all([client.refresh(), client.refresh()]);

    expect(refreshSession).toHaveBeenCalledOnce();
    client.stop();
  });
});

describe('guests', () => {
  it('are remembered by id in local storage after an anonymous sign-in', async () => {
    const guest = sampleGuest();
    const client = new AuthClient(
      fakeAuthApi({ signInAnonymously: vi.fn().mockResolvedValue(sampleSession(guest)) }),
    );
    const events = recordEvents(client);

    await client.signInAnonymously('solved-bot-check');

    expect(events.map(([event]) => event)).toEqual(['SIGNED_IN']);
    expect(localStorage.getItem(ANONYMOUS_USER_ID_KEY)).toBe(guest.id);
  });

  it('are forgotten at sign-out', async () => {
    const signOut = vi.fn().mockResolvedValue(undefined);
    const client = new AuthClient(
      fakeAuthApi({ signInAnonymously: vi.fn().mockResolvedValue(sampleSession(sampleGuest())), signOut }),
    );
    await client.signInAnonymously('solved-bot-check');
    const token = client.accessToken();
    const events = recordEvents(client);

    await client.signOut();

    expect(signOut).toHaveBeenCalledWith(token);
    expect(events).toEqual([['SIGNED_OUT', null]]);
    expect(localStorage.getItem(ANONYMOUS_USER_ID_KEY)).toBeNull();
  });
});

describe('sign-out', () => {
  it.each([401, 403, 404])('quietly ignores a %i answer: the session is already gone', async (status) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = new AuthClient(
      fakeAuthApi({
        signInWithPassword: vi.fn().mockResolvedValue(sampleSession()),
        signOut: vi
          .fn()
          .mockRejectedValue(new AuthApiError('Session not found', 'session_not_found', status)),
      }),
    );
    await client.signInWithPassword({ email: 'ada@example.com', password: 'x' });

    await client.signOut();

    expect(client.getSession()).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('only logs any other failure, and signs out here all the same', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = new AuthClient(
      fakeAuthApi({
        signInWithPassword: vi.fn().mockResolvedValue(sampleSession()),
        signOut: vi.fn().mockRejectedValue(unreachableAnswer()),
      }),
    );
    await client.signInWithPassword({ email: 'ada@example.com', password: 'x' });

    await client.signOut();

    expect(client.getSession()).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });
});

describe('other events', () => {
  it('announce PASSWORD_RECOVERY, not SIGNED_IN, for a recovery code', async () => {
    const client = new AuthClient(fakeAuthApi({ verifyOtp: vi.fn().mockResolvedValue(sampleSession()) }));
    const events = recordEvents(client);

    await client.verifyOtp({ type: 'recovery', email: 'ada@example.com', token: '123456' });
    await client.verifyOtp({ type: 'email', email: 'ada@example.com', token: '123456' });

    expect(events.map(([event]) => event)).toEqual(['PASSWORD_RECOVERY', 'SIGNED_IN']);
  });

  it('announce USER_UPDATED with the updated user', async () => {
    const updated = sampleUser({ newEmail: 'new@example.com' });
    const client = new AuthClient(
      fakeAuthApi({
        signInWithPassword: vi.fn().mockResolvedValue(sampleSession()),
        updateUser: vi.fn().mockResolvedValue(updated),
      }),
    );
    await client.signInWithPassword({ email: 'ada@example.com', password: 'x' });
    const events = recordEvents(client);

    await client.updateUser({ password: 'N3w-password!' });

    expect(events).toEqual([['USER_UPDATED', expect.objectContaining({ user: updated })]]);
  });

  it('refuse to update a user without a session', async () => {
    const client = new AuthClient(fakeAuthApi());

    await expect(client.updateUser({ password: 'N3w-password!' })).rejects.toMatchObject({
      code: 'not_authenticated',
    });
  });
});
