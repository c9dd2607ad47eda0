import { randomUUID } from 'node:crypto';
import {
  deleteProject,
  type EventContract,
  projectCreated,
  projectDeleted,
  projectTierChanged,
  SYSTEM,
  setProjectTier,
} from '@memoreel/contracts';
import { buildEvent } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { eventually, type MediaHarness, startMedia } from './media-harness.js';

/** Media's replica of projects (decision 0030): owner and plan from projects' events, in any order. */

let media: MediaHarness;
beforeAll(async () => {
  media = await startMedia({ collaborators: ['projects'] });
});
afterAll(() => media?.close());

const replicaOf = (id: string) => media.db.projectReplica.findUnique({ where: { id } });

async function publish<C extends EventContract>(contract: C, data: z.input<C['data']>, msgId?: string) {
  const event = buildEvent(contract, SYSTEM, data);
  await media.bus.publishEvent(contract.subject, event, { msgId: msgId ?? event.id });
  return event;
}

describe("media's replica of projects", () => {
  it('follows a project through projects: created, raised to a paid tier, deleted', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    await eventually(async () =>
      expect(await replicaOf(project.id)).toMatchObject({
        userId: owner.userId,
        tier: 'free',
        deletedAt: null,
      }),
    );

    await media.requestAs('gateway', setProjectTier, actors.admin(), { id: project.id, tier: 'honor' });
    await eventually(async () => expect(await replicaOf(project.id)).toMatchObject({ tier: 'honor' }));

    await media.requestAs('gateway', deleteProject, owner, { id: project.id });
    await eventually(async () => expect((await replicaOf(project.id))?.deletedAt).toBeInstanceOf(Date));
  });

  it('keeps the higher tier whichever event comes first, and a tombstone against late events', async () => {
    const id = randomUUID();
    const userId = randomUUID();
    // The raise arrives before the creation (one durable per subject: no order between them).
    await publish(projectTierChanged, { id, userId, from: 'free', to: 'cherish' });
    await publish(projectCreated, { id, userId, name: 'Rose', product: 'free' });
    // An older raise, delivered late.
    await publish(projectTierChanged, { id, userId, from: 'free', to: 'remember' });
    await eventually(async () =>
      expect(
        await media.db.processedEvent.count({ where: { consumer: 'keep-project-replica' } }),
      ).toBeGreaterThanOrEqual(3),
    );
    await eventually(async () => expect(await replicaOf(id)).toMatchObject({ userId, tier: 'cherish' }));

    const deleted = await publish(projectDeleted, { id, userId });
    await eventually(async () => expect((await replicaOf(id))?.deletedAt).toBeInstanceOf(Date));
    const tombstone = await replicaOf(id);
    // A redelivery of the deletion, and events arriving after it, change nothing.
    await publish(projectDeleted, { id, userId }, randomUUID());
    await media.bus.publishEvent(projectDeleted.subject, deleted, { msgId: randomUUID() });
    await publish(projectTierChanged, { id, userId, from: 'cherish', to: 'honor' });
    const late = await publish(projectCreated, { id, userId, name: 'Rose', product: 'free' });
    await eventually(async () =>
      expect(await media.db.processedEvent.count({ where: { eventId: late.id } })).toBe(1),
    );
    expect(await replicaOf(id)).toEqual(tombstone);
  });
});
