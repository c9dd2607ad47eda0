import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  chunkRendered,
  type DataOf,
  type EventContract,
  type EventEnvelope,
  getRenderProgress,
  RENDERS_BUCKET,
  renderChunk,
  renderChunkKey,
  renderMessages,
  SYSTEM,
  startRender,
  stitchVideo,
  videoStitched,
} from '@memoreel/contracts';
import * as platform from '@memoreel/platform';
import { actors, createTestDatabase, eventually, type TestDatabase } from '@memoreel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { FakeProjects, photoUrl, type RendersHarness, startRenders } from '../../test/renders-harness.js';
import { PrismaClient } from '../generated/prisma/client.js';
import { renderService } from '../render.service-definition.js';

async function report<C extends EventContract>(bus: platform.Bus, contract: C, data: z.input<C['data']>) {
  const event = platform.buildEvent(contract, SYSTEM, data);
  await bus.publishEvent(contract.subject, event, { msgId: event.id });
}

/**
 * Plays the render workers on `bus` (their durables, their reports): a chunk job stores its chunk,
 * a stitch stores the video. Records every job it takes.
 */
async function playWorkers(bus: platform.Bus, storage: platform.Storage) {
  const taken: string[] = [];
  const durable = (subject: string) => platform.durableName('render-worker', subject);
  const chunks = await bus.consumeJobs(
    { durable: durable(renderChunk.subject), subjects: [renderChunk.subject] },
    async (message) => {
      const { data } = message.payload as EventEnvelope<DataOf<typeof renderChunk>>;
      taken.push(`chunk ${data.chunkIndex}`);
      await storage.put(RENDERS_BUCKET, renderChunkKey(data.hash), Buffer.from('chunk'), {
        contentType: 'video/mp4',
      });
      await report(bus, chunkRendered, { ...data, renderMs: 1 });
    },
  );
  const stitches = await bus.consumeJobs(
    { durable: durable(stitchVideo.subject), subjects: [stitchVideo.subject] },
    async (message) => {
      const { data } = message.payload as EventEnvelope<DataOf<typeof stitchVideo>>;
      taken.push('stitch');
      await storage.put(RENDERS_BUCKET, data.outputKey, Buffer.from('mp4'), { contentType: 'video/mp4' });
      await report(bus, videoStitched, { renderId: data.renderId, key: data.outputKey, bytes: 3 });
    },
  );
  return { taken, stop: () => Promise.all([chunks.stop(), stitches.stop()]) };
}

async function videosOf(storage: platform.Storage, projectId: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list(RENDERS_BUCKET, `videos/${projectId}/`)) keys.push(object.key);
  return keys;
}

// The render service dies after committing a render and before its outbox relay queued the jobs
// (frozen there by a broker that does not answer). Another render process on the same database
// relays them: the render completes, each job taken once, nothing left in the outbox.
describe('a render service that dies between saving a render and queueing its jobs', () => {
  let database: TestDatabase;
  let db: InstanceType<typeof PrismaClient>;
  let dir: string;
  const closing: (() => Promise<unknown>)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ services: ['render'], migrate: platform.migrateSchema });
    db = new PrismaClient({
      adapter: platform.postgresAdapter({ databaseUrl: database.url, schema: 'render' }),
    });
    dir = mkdtempSync(join(tmpdir(), 'render-crash-'));
  });

  afterAll(async () => {
    for (const close of closing.reverse()) await close();
    await db?.$disconnect();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const env = () => ({
    STORAGE_DRIVER: 'local',
    STORAGE_DIR: dir,
    STORAGE_SIGNING_SECRET: 'render-test-signing-secret-0123456789',
    PUBLIC_URL: 'http://127.0.0.1:1',
    MUSIC_SEED_ON_START: 'false',
  });
  const renderProcess = (bus: platform.Bus) =>
    platform.startService(renderService, {
      name: 'render',
      bus,
      databaseUrl: database.url,
      logger: platform.createLogger({ service: 'render-crash-test', level: 'silent' }),
      env: env(),
    });

  it('leaves the render to a restarted service, which queues its jobs once and completes it', async () => {
    const fake = new FakeProjects();
    const owner = actors.user();
    const project = fake.project(owner);
    for (let i = 0; i < 3; i++) fake.addPhoto(project, photoUrl());

    const before = new platform.InProcessBus({ namespace: 'render_crash_before' });
    const unreachable = jobsUnreachable(before);
    const standIns = await fake.standIns(before);
    const first = await renderProcess(unreachable);
    const { renderId, initialProgress } = await new platform.BusClient(before).request(startRender, owner, {
      projectId: project.id,
    });
    expect(initialProgress.status).toBe('queued');
    const waiting = () =>
      db.outboxEvent.count({
        where: {
          type: renderChunk.subject,
          publishedAt: null,
          payload: { path: ['data', 'renderId'], equals: renderId },
        },
      });
    expect(await waiting()).toBe(3);
    await first.close(); // The process is gone: nothing of it queues anything any more.
    for (const standIn of standIns) await standIn.stop();
    await before.close();

    const after = new platform.InProcessBus({ namespace: 'render_crash_after' });
    closing.push(() => after.close());
    const storage = new platform.LocalStorage({
      rootDir: dir,
      publicBaseUrl: 'http://127.0.0.1:1',
      signingSecret: env().STORAGE_SIGNING_SECRET,
    });
    const workers = await playWorkers(after, storage);
    closing.push(workers.stop);
    const second = await renderProcess(after);
    closing.push(() => second.close());

    const client = new platform.BusClient(after);
    await eventually(
      async () =>
        expect((await client.request(getRenderProgress, owner, { renderId })).status).toBe('completed'),
      15_000,
    );
    expect(workers.taken.toSorted()).toEqual(['chunk 0', 'chunk 1', 'chunk 2', 'stitch']);
    expect(await db.outboxEvent.count({ where: { publishedAt: null } })).toBe(0);
    expect(await db.renderedVideo.count({ where: { projectId: project.id } })).toBe(1);
    expect(await videosOf(storage, project.id)).toEqual([`videos/${project.id}/${renderId}.mp4`]);
  });
});

/** The bus as a process sees it while the broker does not answer: jobs cannot be queued (events and requests still go). */
function jobsUnreachable(bus: platform.InProcessBus): platform.Bus {
  return new Proxy(bus, {
    get(target, key) {
      if (key === 'enqueueJob')
        return async () => {
          throw new platform.BusUnavailableError('NATS is unreachable');
        };
      if (key === 'isReady') return async () => false;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe.each(['in-process', 'nats'] as const)(
  'a render whose chunk every worker dies on (%s bus)',
  (binding) => {
    let h: RendersHarness;
    beforeAll(async () => {
      h = await startRenders(binding === 'nats' ? { bus: 'nats' } : {});
    });
    afterAll(() => h?.close());

    it('fails with the one text when the chunk is dead-lettered; Try again starts a render that completes', async () => {
      const owner = actors.user();
      const project = h.fake.project(owner);
      for (let i = 0; i < 2; i++) h.fake.addPhoto(project, photoUrl());
      // Killed workers: each delivery taken and never finished nor heard of again (no heartbeat).
      let release = () => {};
      const killed = new Promise<void>((resolve) => {
        release = resolve;
      });
      const dying = await h.bus.consumeJobs(
        {
          durable: platform.durableName('render-worker', renderChunk.subject),
          subjects: [renderChunk.subject],
          maxDeliver: 3,
          ackWaitMs: 200,
          // A killed delivery still holds its slot here: room for every delivery of both chunks.
          concurrency: 10,
        },
        () => killed,
      );
      const { renderId } = await h.request(startRender, owner, { projectId: project.id });
      try {
        await eventually(
          async () =>
            expect(await h.request(getRenderProgress, owner, { renderId })).toMatchObject({
              status: 'failed',
              error: renderMessages.interrupted,
            }),
          10_000,
        );
      } finally {
        release();
        await dying.stop();
      }

      const workers = await playWorkers(h.bus, h.storage);
      const again = await h.request(startRender, owner, { projectId: project.id });
      expect(again.reused).toBe(false);
      expect(again.renderId).not.toBe(renderId);
      await eventually(
        async () =>
          expect((await h.request(getRenderProgress, owner, { renderId: again.renderId })).status).toBe(
            'completed',
          ),
        10_000,
      );
      await workers.stop();
    });
  },
);

describe('a render that stops moving', () => {
  let h: RendersHarness;
  beforeAll(async () => {
    h = await startRenders({ env: { RENDER_STALL_SECONDS: '1' } });
  });
  afterAll(() => h?.close());

  it('is failed by the watchdog, is not answered again, and a new render of the project completes', async () => {
    const owner = actors.user();
    const project = h.fake.project(owner);
    h.fake.addPhoto(project, photoUrl());
    // No worker: the render stays queued and silent.
    const { renderId } = await h.request(startRender, owner, { projectId: project.id });
    await eventually(
      async () =>
        expect(await h.request(getRenderProgress, owner, { renderId })).toMatchObject({
          status: 'failed',
          error: renderMessages.interrupted,
        }),
      10_000,
    );

    // Its queued chunk is still waiting: the workers arriving now finish it, then the new render.
    const workers = await playWorkers(h.bus, h.storage);
    const again = await h.request(startRender, owner, { projectId: project.id });
    expect(again.renderId).not.toBe(renderId);
    await eventually(
      async () =>
        expect((await h.request(getRenderProgress, owner, { renderId: again.renderId })).status).toBe(
          'completed',
        ),
      10_000,
    );
    await workers.stop();
  });

  it('fails with "Missing required data" when it waits for a photo that never gets ready', async () => {
    const owner = actors.user();
    const project = h.fake.project(owner);
    h.fake.addPhoto(project, photoUrl());
    h.fake.addPhoto(project, null);
    const { renderId, initialProgress } = await h.request(startRender, owner, { projectId: project.id });
    expect(initialProgress).toMatchObject({ status: 'pending', progress: 0.5 });
    await eventually(
      async () =>
        expect(await h.request(getRenderProgress, owner, { renderId })).toMatchObject({
          status: 'failed',
          error: renderMessages.missingData,
        }),
      10_000,
    );
  });
});
