import { authMessages } from '@memoreel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthClient, sampleGuest, sampleSession } from '../../testing/auth-fixtures';
import { AuthApiError, type PublicSession } from './auth-api';
import {
  GUEST_SESSION_POLL_ATTEMPTS,
  GUEST_SESSION_POLL_INTERVAL_MS,
  GUEST_SESSION_SETTLE_MS,
  GuestSessionTimeoutError,
  guestSessionFailure,
  startGuestSession,
  waitForSession,
} from './guest-session';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('waiting for a guest session', () => {
  it('polls every 500 ms and settles 500 ms more once the session is there', async () => {
    let session: PublicSession | null = null;
    const read = vi.fn(() => session);
    let resolved: PublicSession | undefined;
    void waitForSession(read).then((value) => {
      resolved = value;
    });

    await vi.advanceTimersByTimeAsync(GUEST_SESSION_POLL_INTERVAL_MS * 2);
    expect(read).toHaveBeenCalledTimes(3);
    session = sampleSession(sampleGuest());
    await vi.advanceTimersByTimeAsync(GUEST_SESSION_POLL_INTERVAL_MS);
    expect(resolved).toBeUndefined();

    await vi.advanceTimersByTimeAsync(GUEST_SESSION_SETTLE_MS);
    expect(resolved).toBe(session);
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('gives up after 20 attempts with the spec message', async () => {
    const read = vi.fn(() => null);
    const waiting = waitForSession(read);
    const failure = expect(waiting).rejects.toThrow(authMessages.anonymous.timeout);

    await vi.advanceTimersByTimeAsync(GUEST_SESSION_POLL_ATTEMPTS * GUEST_SESSION_POLL_INTERVAL_MS);

    await failure;
    expect(read).toHaveBeenCalledTimes(20);
  });
});

describe('starting a guest session', () => {
  it('signs in anonymously with the solved bot check', async () => {
    const session = sampleSession(sampleGuest());
    const signInAnonymously = vi.fn().mockResolvedValue(session);
    const started = startGuestSession(fakeAuthClient({ signInAnonymously }), 'solved');

    await vi.advanceTimersByTimeAsync(GUEST_SESSION_SETTLE_MS);

    await expect(started).resolves.toBe(session);
    expect(signInAnonymously).toHaveBeenCalledWith('solved');
  });

  it('names the failure as the spec does', () => {
    expect(guestSessionFailure(new GuestSessionTimeoutError())).toEqual({
      title: 'Timeout waiting for session and user to be established',
    });
    expect(
      guestSessionFailure(new AuthApiError('Too many requests. Please try again later.', 'x', 429)),
    ).toEqual({
      title: 'Failed to create anonymous session',
      description: 'Too many requests. Please try again later.',
    });
  });
});
