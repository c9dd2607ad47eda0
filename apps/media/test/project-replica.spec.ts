import { randomUUID } from 'node:crypto';
import {
  deleteProject,
  type EventContract,
  exportProjects,
  projectCreated,
  projectDeleted,
  projectRenamed,
  projectTierChanged,
  renameProject,
  SYSTEM,
  setProjectTier,
} from '@memoreel/contracts';
import { BusClient, buildEvent, createLogger, ProjectsLookup } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { MediaDatabase } from '../src/database/media-database.js';
import { ProjectReplicaRepository } from '../src/project-replica/project-replica.repository.js';
import { ProjectReplicaService } from '../src/project-replica/project-replica.service.js';
import { BACKFILL, ProjectReplicaBackfill } from '../src/project-replica/project-replica-backfill.js';
import { eventually, useMedia } from './media-harness.js';

/** Media's replica of projects (decision 0030): owner and plan from projects' events, in any order. */

const media = useMedia({ collaborators: ['projects'] });

const replicaOf = (id: string) => media.db.projectReplica.findUnique({ where: { id } });

async function publish<C extends EventContract>(
  contract: C,
  data: z.input<C['data']>,
  msgId?: string,
  occurredAt?: Date,
) {
  const event = buildEvent(contract, SYSTEM, data);
  if (occurredAt) event.occurredAt = occurredAt.toISOString();
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

    expect(await replicaOf(project.id)).toMatchObject({ name: project.name });
    expect((await replicaOf(project.id))?.createdAt).toBeInstanceOf(Date);

    await media.requestAs('gateway', setProjectTier, actors.admin(), { id: project.id, tier: 'honor' });
    await eventually(async () => expect(await replicaOf(project.id)).toMatchObject({ tier: 'honor' }));
    await media.requestAs('gateway', renameProject, owner, { id: project.id, name: 'Grandma Rose' });
    await eventually(async () =>
      expect(await replicaOf(project.id)).toMatchObject({ tier: 'honor', name: 'Grandma Rose' }),
    );

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

describe('names in the replica', () => {
  it('keep the newest whatever order the created and renamed events come in', async () => {
    const id = randomUUID();
    const userId = randomUUID();
    const t = (seconds: number) => new Date(Date.UTC(2026, 10, 29, 12, 0, seconds));
    // The second rename comes first, then the creation and the first rename, late.
    await publish(projectRenamed, { id, userId, name: 'Rose, 1931–2026' }, undefined, t(20));
    await publish(projectCreated, { id, userId, name: 'My First Project', product: 'free' }, undefined, t(0));
    await publish(projectRenamed, { id, userId, name: 'Rose' }, undefined, t(10));
    await eventually(async () =>
      expect(await replicaOf(id)).toMatchObject({
        userId,
        tier: 'free',
        name: 'Rose, 1931–2026',
        createdAt: t(0),
      }),
    );
    // A tier raise keeps the name; a deleted project takes no more names.
    await publish(projectTierChanged, { id, userId, from: 'free', to: 'remember' });
    await eventually(async () =>
      expect(await replicaOf(id)).toMatchObject({ tier: 'remember', name: 'Rose, 1931–2026' }),
    );
    await publish(projectDeleted, { id, userId });
    await eventually(async () => expect((await replicaOf(id))?.deletedAt).toBeInstanceOf(Date));
    const rename = await publish(projectRenamed, { id, userId, name: 'After' }, undefined, t(30));
    await eventually(async () =>
      expect(await media.db.processedEvent.count({ where: { eventId: rename.id } })).toBe(1),
    );
    expect(await replicaOf(id)).toMatchObject({ tier: 'remember', name: 'Rose, 1931–2026' });
  });
});

describe('reading the replica for an actor', () => {
  const replica = () =>
    new ProjectReplicaService(
      media.db as unknown as MediaDatabase,
      new ProjectReplicaRepository(),
      new ProjectsLookup(new BusClient(media.bus, { sender: 'media' })),
    );

  it("answers the owner's project, and reads one the events have not brought yet from projects", async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    await eventually(async () => expect(await replicaOf(project.id)).not.toBeNull());
    expect(await replica().ownedBy(owner, project.id)).toMatchObject({
      id: project.id,
      userId: owner.userId,
      tier: 'free',
      name: project.name,
      deleted: false,
    });

    // As if its created event were still on its way: projects is asked once, and the row kept.
    await media.db.projectReplica.delete({ where: { id: project.id } });
    expect(await replica().ownedBy(owner, project.id)).toMatchObject({ id: project.id, name: project.name });
    expect(await replicaOf(project.id)).toMatchObject({ userId: owner.userId, name: project.name });
  });

  it('answers "Project not found" for another\'s project, an admin\'s included, a deleted and an unknown one', async () => {
    const owner = actors.user();
    const project = await media.project(owner);
    await eventually(async () => expect(await replicaOf(project.id)).not.toBeNull());
    const gone = await media.project(owner);
    await media.requestAs('gateway', deleteProject, owner, { id: gone.id });
    await eventually(async () => expect((await replicaOf(gone.id))?.deletedAt).toBeInstanceOf(Date));
    for (const [actor, id] of [
      [actors.user(), project.id],
      [actors.admin(), project.id],
      [owner, gone.id],
      [owner, randomUUID()],
    ] as const) {
      await expect(replica().ownedBy(actor, id)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Project not found',
      });
    }
  });
});

describe('the backfill of the replica', () => {
  /** The backfill as media runs it at start, on the harness's tables and bus, speaking as media. */
  const backfill = () =>
    new ProjectReplicaBackfill(
      media.db as unknown as MediaDatabase,
      new ProjectReplicaRepository(),
      new BusClient(media.bus, { sender: 'media' }),
      createLogger({ service: 'test', level: 'silent' }),
    );

  it('copies the projects made before media followed their events, once, without undoing a deletion', async () => {
    const owner = actors.user();
    const [kept, raised, gone] = [
      await media.project(owner),
      await media.project(owner),
      await media.project(owner),
    ];
    await media.requestAs('gateway', setProjectTier, actors.admin(), { id: raised.id, tier: 'cherish' });
    await media.requestAs('gateway', deleteProject, owner, { id: gone.id });
    await eventually(async () => expect((await replicaOf(gone.id))?.deletedAt).toBeInstanceOf(Date));
    await eventually(async () => expect(await replicaOf(raised.id)).toMatchObject({ tier: 'cherish' }));
    // As a database from before the replica: no rows but the tombstone, and the backfill not yet run.
    await media.db.projectReplica.deleteMany({ where: { id: { in: [kept.id, raised.id] } } });
    await media.db.dataMigration.deleteMany({ where: { name: BACKFILL } });

    expect(await backfill().run()).toBeGreaterThanOrEqual(2);
    expect(await replicaOf(kept.id)).toMatchObject({
      userId: owner.userId,
      tier: 'free',
      name: kept.name,
      createdAt: new Date(kept.createdAt),
      deletedAt: null,
    });
    expect(await replicaOf(raised.id)).toMatchObject({
      userId: owner.userId,
      tier: 'cherish',
      deletedAt: null,
    });
    expect((await replicaOf(gone.id))?.deletedAt).toBeInstanceOf(Date);

    // Done once: a second start copies nothing and changes nothing.
    const before = await media.db.projectReplica.findMany({ orderBy: { id: 'asc' } });
    expect(await backfill().run()).toBe(0);
    expect(await media.db.projectReplica.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
  });

  it("is not the browser's to ask for: the gateway may not send the export, even for an admin", async () => {
    const error = await media.failure(exportProjects, actors.admin(), { after: null, limit: 10 });
    expect(error.code).toBe('FORBIDDEN_SENDER');
  });
});
