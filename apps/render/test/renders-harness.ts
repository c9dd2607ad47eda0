import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Actor,
  chunkRendered,
  type EventContract,
  getPhotoUrls,
  getProject,
  getRenderProgress,
  listPhotos,
  type Photo,
  type Project,
  RENDERS_BUCKET,
  renderChunkKey,
  requestEnvelopeSchema,
  SYSTEM,
  videoStitched,
} from '@memoreel/contracts';
import { defaultVideoSettings, IDENTITY_TRANSFORM, type Tier } from '@memoreel/domain';
import * as platform from '@memoreel/platform';
import {
  actors,
  deleteNamespaceStreams,
  eventually,
  NATS_URL,
  type ServiceHarness,
  startServiceHarness,
} from '@memoreel/testing';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { PrismaClient } from '../src/generated/prisma/client.js';
import { renderService } from '../src/render.service-definition.js';
import { renderDatabase, startOnFolder } from './render-harness.js';

type Db = InstanceType<typeof PrismaClient>;

/** What projects and media would answer about a project, kept by the test. */
export class FakeProjects {
  readonly projects = new Map<string, Project>();
  readonly photos = new Map<string, (Photo & { videoUrl: string | null })[]>();

  project(owner: Actor, product: Tier = 'honor', name = 'Summer 2026'): Project {
    const now = new Date().toISOString();
    const project: Project = {
      id: randomUUID(),
      userId: owner.userId as string,
      name,
      product,
      videoSettings: { ...defaultVideoSettings(), durationPerPhoto: 1 },
      createdAt: now,
      updatedAt: now,
    };
    this.projects.set(project.id, project);
    this.photos.set(project.id, []);
    return project;
  }

  /** Adds a photo whose filtered derivative is at `videoUrl` (a local file or URL; null: not made yet, set it later). */
  addPhoto(project: Project, videoUrl: string | null): Photo & { videoUrl: string | null } {
    const list = this.photos.get(project.id) ?? [];
    const photo: Photo & { videoUrl: string | null } = {
      id: randomUUID(),
      projectId: project.id,
      userId: project.userId,
      storagePath: `${project.id}/${randomUUID()}.jpg`,
      originalName: `photo-${list.length}.jpg`,
      displayOrder: list.length,
      status: 'accepted',
      submittedBy: null,
      filter: 'none',
      transforms: { '0': IDENTITY_TRANSFORM, '100': IDENTITY_TRANSFORM },
      caption: null,
      width: 1920,
      height: 1080,
      createdAt: new Date().toISOString(),
      videoUrl,
    };
    list.push(photo);
    this.photos.set(project.id, list);
    return photo;
  }

  private readonly thumbnails = { grid: 'g', strip: 's', carousel: 'c', full: 'f' };

  /** Responders on projects' and media's subjects, answering as they would for the owner. */
  async standIns(bus: platform.Bus) {
    const notFound = { ok: false, error: { code: 'NOT_FOUND', message: 'Project not found' } };
    const owned = (actor: Actor, projectId: string) => {
      const project = this.projects.get(projectId);
      return project && (project.userId === actor.userId || actor.role === 'admin') ? project : undefined;
    };
    return [
      await bus.respond(getProject.subject, 'projects', async (message) => {
        const { actor, data } = requestEnvelopeSchema(getProject.request).parse(message.payload);
        // Another's project is answered as a missing one (the access rule); an admin reads any.
        const project = owned(actor, data.id);
        return project ? { ok: true, data: project } : notFound;
      }),
      await bus.respond(listPhotos.subject, 'media', async (message) => {
        const { actor, data } = requestEnvelopeSchema(listPhotos.request).parse(message.payload);
        if (!owned(actor, data.projectId)) return notFound;
        const photos = (this.photos.get(data.projectId) ?? []).map(({ videoUrl, ...photo }) => ({
          ...photo,
          urls: { ...this.thumbnails, video: videoUrl, videoFilter: videoUrl ? photo.filter : null },
          subjects: null,
        }));
        return { ok: true, data: { photos } };
      }),
      await bus.respond(getPhotoUrls.subject, 'media', async (message) => {
        const { actor, data } = requestEnvelopeSchema(getPhotoUrls.request).parse(message.payload);
        const all = [...this.photos.values()].flat().filter((photo) => photo.userId === actor.userId);
        const photos = all
          .filter((photo) => data.ids.includes(photo.id))
          .map((photo) => ({
            id: photo.id,
            urls: {
              ...this.thumbnails,
              video: photo.videoUrl,
              videoFilter: photo.videoUrl ? photo.filter : null,
            },
            subjects: null,
          }));
        return { ok: true, data: { photos } };
      }),
    ];
  }
}

export interface RendersHarness extends ServiceHarness<platform.Bus, Db> {
  storage: platform.LocalStorage;
  fake: FakeProjects;
  env: Record<string, string>;
}

/**
 * The render service on a fresh database with projects and media played by `FakeProjects`; more
 * services (a render worker) may run beside it on the same bus and storage folder.
 */
export async function startRenders(
  options: {
    services?: platform.ServiceDefinition[];
    publicUrl?: string;
    storageDir?: string;
    chunkFrames?: number;
    /** `nats`: the shared JetStream broker (a namespace of its own) instead of the in-process bus. */
    bus?: 'nats';
    /** More settings of the render service (e.g. `RENDER_STALL_SECONDS`). */
    env?: Record<string, string>;
  } = {},
): Promise<RendersHarness> {
  const dir = options.storageDir ?? mkdtempSync(join(tmpdir(), 'renders-test-'));
  const env = {
    STORAGE_DRIVER: 'local',
    STORAGE_DIR: dir,
    STORAGE_SIGNING_SECRET: 'render-test-signing-secret-0123456789',
    PUBLIC_URL: options.publicUrl ?? 'http://127.0.0.1:1',
    MUSIC_SEED_ON_START: 'false',
    ...(options.chunkFrames ? { RENDER_CHUNK_FRAMES: String(options.chunkFrames) } : {}),
    ...options.env,
  };
  const fake = new FakeProjects();
  const { harness, storage } = await startOnFolder(
    dir,
    env,
    startServiceHarness(platform, renderService, {
      services: options.services,
      env: { render: env, 'render-worker': env },
      database: renderDatabase,
      standIns: (bus) => fake.standIns(bus),
      ...(options.bus === 'nats'
        ? {
            createBus: (namespace: string) =>
              platform.connectNatsBus({ servers: NATS_URL, namespace, name: 'render-test' }),
          }
        : {}),
    }),
  );
  return {
    ...harness,
    storage,
    fake,
    env,
    async close() {
      await harness.close();
      if (options.bus === 'nats') await deleteNamespaceStreams(harness.namespace);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A photo's video URL as media signs it. */
export const photoUrl = () => `https://storage.test/photos/video/${randomUUID()}.jpg?X-Signature=abc`;

/** What the specs do beside the render service: report as the workers, and fill projects with photos. */
export function renderSteps(h: RendersHarness) {
  async function report<C extends EventContract>(contract: C, data: z.input<C['data']>) {
    const event = platform.buildEvent(contract, SYSTEM, data);
    await h.bus.publishEvent(contract.subject, event, { msgId: event.id });
  }

  /** Plays the workers: every chunk stored and reported, then the stitched video. Answers its key. */
  async function finish(renderId: string) {
    const chunks = await h.db.renderChunk.findMany({ where: { renderId }, orderBy: { chunkIndex: 'asc' } });
    for (const chunk of chunks) {
      await h.storage.put(RENDERS_BUCKET, renderChunkKey(chunk.hash), Buffer.from('chunk'), {
        contentType: 'video/mp4',
      });
      await report(chunkRendered, { renderId, chunkIndex: chunk.chunkIndex, hash: chunk.hash, renderMs: 10 });
    }
    await eventually(async () =>
      expect((await h.db.renderedVideo.findUnique({ where: { id: renderId } }))?.status).toBe('encoding'),
    );
    const row = await h.db.renderedVideo.findUniqueOrThrow({ where: { id: renderId } });
    const key = `videos/${row.projectId}/${renderId}.mp4`;
    await h.storage.put(RENDERS_BUCKET, key, Buffer.from('mp4'), { contentType: 'video/mp4' });
    await report(videoStitched, { renderId, key, bytes: 3 });
    await eventually(async () =>
      expect((await h.request(getRenderProgress, actors.admin(), { renderId })).status).toBe('completed'),
    );
    return key;
  }

  function projectWithPhotos(
    owner = actors.user(),
    photos = 3,
    product: Tier = 'honor',
    secondsPerPhoto = 1,
  ) {
    const project = h.fake.project(owner, product);
    project.videoSettings.durationPerPhoto = secondsPerPhoto;
    for (let i = 0; i < photos; i++) h.fake.addPhoto(project, photoUrl());
    return { owner, project };
  }

  return { report, finish, projectWithPhotos };
}
