import { randomUUID } from 'node:crypto';
import { createLogger } from '@memoreel/platform';
import { expect, it } from 'vitest';
import { useAuthDatabase } from '../../test/auth-harness.js';
import { RemoveExpiredRows } from './remove-expired-rows.js';

const db = useAuthDatabase();

it('removes what can no longer matter and keeps the rest', async () => {
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const day = 24 * 3600_000;
  const user = await db.user.create({ data: { id: randomUUID() } });
  await db.botCheckSolution.createMany({
    data: [
      { signature: 'expired', expiresAt: ago(1) },
      { signature: 'live', expiresAt: new Date(now.getTime() + 60_000) },
    ],
  });
  await db.rateLimitBucket.createMany({
    data: [
      { key: 'old', tokens: 0, updatedAt: ago(2 * day) },
      { key: 'recent', tokens: 0, updatedAt: ago(60_000) },
    ],
  });
  const session = (revokedAt: Date | null, notAfter: Date) => ({
    id: randomUUID(),
    userId: user.id,
    revokedAt,
    notAfter,
  });
  await db.session.createMany({
    data: [
      session(ago(31 * day), now),
      session(null, ago(31 * day)),
      session(ago(day), now),
      session(null, now),
    ],
  });

  await new RemoveExpiredRows(db, createLogger({ service: 'test', level: 'silent' })).run(now);

  expect((await db.botCheckSolution.findMany()).map((r) => r.signature)).toEqual(['live']);
  expect((await db.rateLimitBucket.findMany()).map((r) => r.key)).toEqual(['recent']);
  expect(await db.session.count()).toBe(2);
});

it('deletes guests nobody can reach any more, with auth.user.deleted, and keeps everyone else', async () => {
  const now = new Date();
  const day = 24 * 3600_000;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const user = async (data: { isAnonymous: boolean; createdAt: Date; email?: string }) =>
    (await db.user.create({ data: { id: randomUUID(), ...data } })).id;
  const expiredGuest = await user({ isAnonymous: true, createdAt: ago(40 * day) });
  const activeGuest = await user({ isAnonymous: true, createdAt: ago(40 * day) });
  const newGuest = await user({ isAnonymous: true, createdAt: ago(day) });
  const account = await user({
    isAnonymous: false,
    createdAt: ago(400 * day),
    email: `old-${randomUUID()}@example.com`,
  });
  await db.session.createMany({
    data: [
      { id: randomUUID(), userId: expiredGuest, notAfter: ago(10 * day) },
      { id: randomUUID(), userId: activeGuest, notAfter: new Date(now.getTime() + day) },
    ],
  });

  const removed = await new RemoveExpiredRows(
    db,
    createLogger({ service: 'test', level: 'silent' }),
  ).removeExpiredGuests(now);

  expect(removed).toBe(1);
  const left = (
    await db.user.findMany({ where: { id: { in: [expiredGuest, activeGuest, newGuest, account] } } })
  ).map((row) => row.id);
  expect(left.sort()).toEqual([activeGuest, newGuest, account].sort());
  const events = await db.outboxEvent.findMany({ where: { type: 'auth.user.deleted' } });
  expect(events.map((event) => (event.payload as { data: unknown }).data)).toEqual([
    { userId: expiredGuest, reason: 'guest-expired' },
  ]);
});
