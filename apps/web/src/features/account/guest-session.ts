import { authMessages } from '@memoreel/contracts';
import type { PublicSession } from './auth-api';
import type { AuthClient } from './auth-client';

/** Spec §4 and §9: poll for the guest's session 20 times, 500 ms apart, then let it settle 500 ms. */
export const GUEST_SESSION_POLL_ATTEMPTS = 20;
export const GUEST_SESSION_POLL_INTERVAL_MS = 500;
export const GUEST_SESSION_SETTLE_MS = 500;

export class GuestSessionTimeoutError extends Error {
  override readonly name = 'GuestSessionTimeoutError';

  constructor() {
    super(authMessages.anonymous.timeout);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once a session with a user exists. The extra wait lets every listener (React state,
 * the live socket) take the new user in before the caller moves on to a page that needs it.
 */
export async function waitForSession(readSession: () => PublicSession | null): Promise<PublicSession> {
  for (let attempt = 0; attempt < GUEST_SESSION_POLL_ATTEMPTS; attempt += 1) {
    const session = readSession();
    if (session?.user) {
      await sleep(GUEST_SESSION_SETTLE_MS);
      return session;
    }
    await sleep(GUEST_SESSION_POLL_INTERVAL_MS);
  }
  throw new GuestSessionTimeoutError();
}

/** Signs in as a guest with a solved bot check and waits until the session is there. */
export async function startGuestSession(client: AuthClient, botCheck: string): Promise<PublicSession> {
  await client.signInAnonymously(botCheck);
  return waitForSession(() => client.getSession());
}

/** Spec §8: the timeout says so; any other failure is "Failed to create anonymous session". */
export function guestSessionFailure(error: unknown): { title: string; description?: string } {
  if (error instanceof GuestSessionTimeoutError) return { title: error.message };
  const description = error instanceof Error ? error.message : undefined;
  return { title: authMessages.anonymous.failed, ...(description && { description }) };
}
