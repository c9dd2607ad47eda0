import { sessionsRevoked } from '@memoreel/contracts';
import { expect, it } from 'vitest';
import { InProcessBus } from './in-process-bus.js';
import { RevokedSessions } from './revoked-sessions.js';

const SESSION = '0b6c3bde-3d0a-4c1d-9a47-6a3b0c1f5a10';
const USER = '7d5d8c1a-2f4e-4b6b-8c3d-1e2f3a4b5c6d';

it('hears revocations on the bus and forgets them once no token of the session can be alive', async () => {
  const bus = new InProcessBus();
  let now = 1_000_000;
  const revoked = new RevokedSessions(bus, () => now);
  revoked.start();
  try {
    expect(revoked.has(SESSION)).toBe(false);
    await bus.publishLive(sessionsRevoked.subject, {
      userId: USER,
      sessionIds: [SESSION],
      reason: 'sign-out',
    });
    await expect.poll(() => revoked.has(SESSION)).toBe(true);
    expect(revoked.has(undefined)).toBe(false);

    now += 10 * 60_000;
    expect(revoked.has(SESSION)).toBe(true);
    now += 2 * 60_000;
    expect(revoked.has(SESSION)).toBe(false);

    // A malformed message changes nothing.
    await bus.publishLive(sessionsRevoked.subject, { sessionIds: ['not-a-uuid'] });
    expect(revoked.has('not-a-uuid')).toBe(false);
  } finally {
    await revoked.stop();
    await bus.close();
  }
});
