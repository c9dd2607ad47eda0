import { randomUUID } from 'node:crypto';
import {
  type Actor,
  countProjects,
  createInitialProject,
  createProject,
  deleteProject,
  type EventEnvelope,
  getProject,
  listProjects,
  projectCreated,
  projectDeleted,
  projectErrorCodes,
  projectRenamed,
  projectTierChanged,
  purchaseCompleted,
  renameProject,
  SYSTEM,
  setProjectTier,
  updateVideoSettings,
  userDeleted,
} from '@memoreel/contracts';
import { defaultVideoSettings, projectMessages } from '@memoreel/domain';
import { buildEvent } from '@memoreel/platform';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { eventually, startProjects } from '../../test/projects-harness.js';

const projects = startedForTests('projects', () => startProjects());

const create = (actor: Actor, name = 'Grandma Rose') => projects.request(createProject, actor, { name });

describe('create', () => {
  it('stores a free project with default video settings and records projects.project.created', async () => {
    const owner = actors.anonymousUser();
    const project = await create(owner, '  Summer\u0007 2026  ');
    expect(project).toMatchObject({
      userId: owner.userId,
      name: 'Summer 2026',
      product: 'free',
      videoSettings: defaultVideoSettings(),
    });
    expect(project.createdAt).toBe(project.updatedAt);
    const [event] = (await projects.events(projectCreated)).filter((e) => e.data.id === project.id);
    expect(event).toMatchObject({
      actor: { userId: owner.userId },
      data: { id: project.id, userId: owner.userId, name: 'Summer 2026', product: 'free' },
    });
  });

  it.each([
    ['', 'Project name is required'],
    ['   ', 'Project name cannot be empty'],
    ['x'.repeat(101), 'Project name cannot exceed 100 characters'],
    ['Tom & Jerry', 'Project name contains invalid characters'],
    ['<script>', 'Project name contains invalid characters'],
  ])('rejects the name %j with "%s" on create and rename, storing nothing', async (name, message) => {
    const owner = actors.user();
    const createFailure = await projects.failure(createProject, owner, { name });
    expect({ code: createFailure.code, message: createFailure.message }).toEqual({
      code: 'VALIDATION_FAILED',
      message,
    });
    expect(await projects.request(countProjects, owner, {})).toEqual({ count: 0, limit: 10 });

    const project = await create(owner);
    const renameFailure = await projects.failure(renameProject, owner, { id: project.id, name });
    expect({ code: renameFailure.code, message: renameFailure.message }).toEqual({
      code: 'VALIDATION_FAILED',
      message,
    });
    expect((await projects.request(getProject, owner, { id: project.id })).name).toBe('Grandma Rose');
  });

  it('lets exactly 10 of 12 concurrent creates through, and the other 2 get the limit message', async () => {
    const owner = actors.user();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => create(owner, `Project ${i + 1}`)),
    );
    const created = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) =>
      r.status === 'rejected' ? [r.reason as { code: string; message: string }] : [],
    );
    expect(created).toHaveLength(10);
    expect(refused.map(({ code, message }) => ({ code, message }))).toEqual(
      Array(2).fill({
        code: projectErrorCodes.limitReached,
        message:
          'You have reached the limit of 10 projects. Please delete an existing project to create a new one.',
      }),
    );
    expect(await projects.request(countProjects, owner, {})).toEqual({ count: 10, limit: 10 });
    expect(await projects.db.project.count({ where: { userId: owner.userId! } })).toBe(10);

    // Deleting one frees a place.
    const [first] = (await projects.request(listProjects, owner, {})).projects;
    await projects.request(deleteProject, owner, { id: first!.id });
    await expect(create(owner, 'The eleventh idea')).resolves.toMatchObject({ name: 'The eleventh idea' });
  });
});

describe('create-initial', () => {
  it('creates "My First Project" exactly once under 5 concurrent calls', async () => {
    const owner = actors.anonymousUser();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => projects.request(createInitialProject, owner, {})),
    );
    const ids = new Set(replies.map((reply) => reply.project.id));
    expect(ids.size).toBe(1);
    expect(replies.filter((reply) => reply.created)).toHaveLength(1);
    expect(replies[0]!.project).toMatchObject({
      name: 'My First Project',
      product: 'free',
      userId: owner.userId,
    });
    expect(await projects.db.project.count({ where: { userId: owner.userId! } })).toBe(1);
    const events = (await projects.events(projectCreated)).filter((e) => e.data.userId === owner.userId);
    expect(events).toHaveLength(1);
  });

  it("returns the user's newest project when they have some", async () => {
    const owner = actors.user();
    await create(owner, 'Older');
    const newest = await create(owner, 'Newer');
    expect(await projects.request(createInitialProject, owner, {})).toEqual({
      project: newest,
      created: false,
    });
  });
});

describe('list and count', () => {
  it("lists only the actor's projects, newest first, at most 20, with room for photos and videos", async () => {
    const owner = actors.user();
    const someoneElse = actors.user();
    await create(someoneElse, 'Not mine');
    // Older data may exceed today's limit of 10, so the list cap is arranged directly in the table.
    const base = Date.parse('2026-01-01T00:00:00Z');
    await projects.db.project.createMany({
      data: Array.from({ length: 25 }, (_, i) => ({
        id: randomUUID(),
        userId: owner.userId!,
        name: `Project ${i + 1}`,
        createdAt: new Date(base + i * 60_000),
      })),
    });
    const { projects: listed } = await projects.request(listProjects, owner, {});
    expect(listed).toHaveLength(20);
    expect(listed.map((p) => p.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Project ${25 - i}`));
    expect(listed[0]).toMatchObject({ userId: owner.userId, videos: [] });
    expect(await projects.request(countProjects, owner, {})).toEqual({ count: 25, limit: 10 });
  });

  it('lists nothing for a new user', async () => {
    expect(await projects.request(listProjects, actors.user(), {})).toEqual({ projects: [] });
  });
});

describe('rename', () => {
  it('stores the cleaned name and moves updated_at', async () => {
    const owner = actors.user();
    const project = await create(owner, 'Before');
    const renamed = await projects.request(renameProject, owner, { id: project.id, name: '  After\u0000 ' });
    expect(renamed).toMatchObject({ id: project.id, name: 'After', createdAt: project.createdAt });
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThan(Date.parse(project.updatedAt));
  });

  it('emits projects.project.renamed through the outbox, dated no earlier than the row', async () => {
    const owner = actors.user();
    const project = await create(owner, 'Before');
    const renamed = await projects.request(renameProject, owner, { id: project.id, name: 'After' });
    const [event] = (await projects.events(projectRenamed)).filter((e) => e.data.id === project.id);
    expect(event?.data).toEqual({ id: project.id, userId: owner.userId, name: 'After' });
    // A replica keeping the newest name compares this time with the row's updated_at (decision 0030).
    expect(Date.parse(event?.occurredAt ?? '')).toBeGreaterThanOrEqual(Date.parse(renamed.updatedAt));
  });
});

describe('video settings', () => {
  it('merges an update into the stored settings', async () => {
    const owner = actors.user();
    const project = await create(owner);
    const track = { id: 't1', storage_path: 'music/a.mp3', startTime: 0, duration: 30, instanceId: 'i1' };
    const afterDesign = await projects.request(updateVideoSettings, owner, {
      id: project.id,
      settings: { durationPerPhoto: 4.5, transition: 'fade' },
    });
    const afterMusic = await projects.request(updateVideoSettings, owner, {
      id: project.id,
      settings: { music: { timelineTracks: [track] } },
    });
    expect(afterDesign.videoSettings).toMatchObject({ durationPerPhoto: 4.5, transition: 'fade' });
    expect(afterMusic.videoSettings).toEqual({
      ...defaultVideoSettings(),
      durationPerPhoto: 4.5,
      transition: 'fade',
      music: { ...defaultVideoSettings().music, timelineTracks: [track] },
    });
    expect(await projects.request(getProject, owner, { id: project.id })).toEqual(afterMusic);
  });

  it('stores the default for a field written out of range', async () => {
    const owner = actors.user();
    const project = await create(owner);
    await projects.request(updateVideoSettings, owner, { id: project.id, settings: { durationPerPhoto: 7 } });
    const updated = await projects.request(updateVideoSettings, owner, {
      id: project.id,
      settings: { durationPerPhoto: 25, transition: 'spin', width: -5 },
    });
    expect(updated.videoSettings).toEqual(defaultVideoSettings());
    const row = await projects.db.project.findUniqueOrThrow({ where: { id: project.id } });
    expect(row.videoSettings).toEqual(defaultVideoSettings());
  });

  it('rejects an update of the wrong shape before it reaches the service', async () => {
    const owner = actors.user();
    const project = await create(owner);
    const error = await projects.failure(updateVideoSettings, owner, {
      id: project.id,
      settings: { durationPerPhoto: 'slow' } as unknown as { durationPerPhoto: number },
    });
    expect(error.code).toBe('VALIDATION_FAILED');
  });

  it('reads malformed stored settings with each bad field replaced by its default', async () => {
    const owner = actors.user();
    const project = await create(owner);
    await projects.db.project.update({
      where: { id: project.id },
      data: {
        videoSettings: { durationPerPhoto: 6, transition: 42, music: 'none', product: 'cherish' },
        product: '',
      },
    });
    expect(await projects.request(getProject, owner, { id: project.id })).toMatchObject({
      product: 'free',
      videoSettings: { ...defaultVideoSettings(), durationPerPhoto: 6 },
    });
    await projects.db.project.update({ where: { id: project.id }, data: { videoSettings: 'garbage' } });
    expect((await projects.request(listProjects, owner, {})).projects[0]!.videoSettings).toEqual(
      defaultVideoSettings(),
    );
  });
});

describe('delete', () => {
  it('removes the project and emits projects.project.deleted through the outbox to consumers', async () => {
    const owner = actors.user();
    const project = await create(owner);
    const received: EventEnvelope[] = [];
    const subscription = await projects.bus.consumeEvents(
      { durable: `test-${randomUUID().slice(0, 8)}`, subjects: [projectDeleted.subject] },
      async (message) => {
        received.push(message.payload as EventEnvelope);
      },
    );
    try {
      expect(await projects.request(deleteProject, owner, { id: project.id })).toEqual({ id: project.id });
      expect(await projects.db.project.findUnique({ where: { id: project.id } })).toBeNull();
      const [stored] = (await projects.events(projectDeleted)).filter((e) => e.data.id === project.id);
      expect(stored).toMatchObject({
        data: { id: project.id, userId: owner.userId },
        actor: { userId: owner.userId },
      });
      const delivered = await eventually(async () => {
        const match = received.find((event) => event.id === stored!.id);
        expect(match).toBeDefined();
        return match;
      });
      expect(delivered).toEqual(stored);
      const failure = await projects.failure(getProject, owner, { id: project.id });
      expect(failure.message).toBe(projectMessages.notFound);
    } finally {
      await subscription.stop();
    }
  });
});

describe('tier', () => {
  it('can only be changed by an admin or a service', async () => {
    const owner = actors.user();
    const project = await create(owner);
    const error = await projects.failure(setProjectTier, owner, { id: project.id, tier: 'cherish' });
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'FORBIDDEN',
      message: 'Only an administrator can change the tier of a project',
    });
    expect((await projects.request(getProject, owner, { id: project.id })).product).toBe('free');
  });

  it('moves only upward and records projects.project.tier-changed', async () => {
    const owner = actors.user();
    const admin = actors.admin();
    const project = await create(owner);
    expect(await projects.request(setProjectTier, admin, { id: project.id, tier: 'honor' })).toMatchObject({
      product: 'honor',
    });
    for (const tier of ['honor', 'remember', 'free'] as const) {
      const error = await projects.failure(setProjectTier, admin, { id: project.id, tier });
      expect({ code: error.code, message: error.message }).toEqual({
        code: projectErrorCodes.tierNotUpgrade,
        message: 'A project can only be upgraded to a higher tier',
      });
    }
    // No service may set a tier as the system (a purchase raises it through its event).
    await expect(
      projects.requestAs('billing', setProjectTier, SYSTEM, { id: project.id, tier: 'cherish' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN_SENDER' });
    expect(await projects.request(setProjectTier, admin, { id: project.id, tier: 'cherish' })).toMatchObject({
      product: 'cherish',
    });
    const changes = (await projects.events(projectTierChanged)).filter((e) => e.data.id === project.id);
    expect(changes.map((e) => e.data)).toEqual([
      { id: project.id, userId: owner.userId, from: 'free', to: 'honor' },
      { id: project.id, userId: owner.userId, from: 'honor', to: 'cherish' },
    ]);
    const missing = await projects.failure(setProjectTier, admin, { id: randomUUID(), tier: 'cherish' });
    expect(missing.code).toBe('NOT_FOUND');
  });

  it('is raised once by billing.purchase.completed, however often the event is delivered', async () => {
    const owner = actors.user();
    const project = await create(owner);
    const completed = buildEvent(purchaseCompleted, SYSTEM, {
      purchaseId: randomUUID(),
      projectId: project.id,
      userId: owner.userId!,
      productId: 'remember',
      amountCents: 1900,
      currency: 'usd',
    });
    // Two publishes with distinct broker ids: the broker does not dedupe them, the consumer must.
    await projects.bus.publishEvent(purchaseCompleted.subject, completed, { msgId: completed.id });
    await projects.bus.publishEvent(purchaseCompleted.subject, completed, { msgId: randomUUID() });
    await eventually(async () => {
      expect((await projects.request(getProject, owner, { id: project.id })).product).toBe('remember');
    });

    // A later purchase of a lower tier changes nothing and is not retried forever.
    const lower = buildEvent(purchaseCompleted, SYSTEM, {
      ...completed.data,
      purchaseId: randomUUID(),
      productId: 'free',
    });
    await projects.bus.publishEvent(purchaseCompleted.subject, lower, { msgId: lower.id });
    await eventually(async () => {
      const handled = await projects.db.processedEvent.count({
        where: { eventId: { in: [completed.id, lower.id] } },
      });
      expect(handled).toBe(2);
    });
    expect((await projects.request(getProject, owner, { id: project.id })).product).toBe('remember');
    const changes = (await projects.events(projectTierChanged)).filter((e) => e.data.id === project.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ actor: { role: 'system' }, data: { from: 'free', to: 'remember' } });
  });
});

describe('a deleted user', () => {
  it('takes their projects along, each with projects.project.deleted, once however often the event arrives', async () => {
    const guest = actors.user();
    const bystander = actors.user();
    const [first, second, kept] = [await create(guest), await create(guest), await create(bystander)];
    const deleted = buildEvent(userDeleted, SYSTEM, { userId: guest.userId!, reason: 'guest-expired' });

    await projects.bus.publishEvent(userDeleted.subject, deleted, { msgId: deleted.id });
    await projects.bus.publishEvent(userDeleted.subject, deleted, { msgId: randomUUID() });

    await eventually(async () => {
      expect((await projects.request(listProjects, guest, {})).projects).toEqual([]);
      expect(await projects.db.processedEvent.count({ where: { eventId: deleted.id } })).toBe(1);
    });
    const gone = (await projects.events(projectDeleted)).filter(
      (event) => event.data.userId === guest.userId,
    );
    expect(gone.map((event) => event.data.id).sort()).toEqual([first.id, second.id].sort());
    expect((await projects.request(listProjects, bystander, {})).projects.map((p) => p.id)).toEqual([
      kept.id,
    ]);
  });
});
