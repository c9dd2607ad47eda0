import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Actor, ErrorCodes, mediaOverview, overviewMessages } from '@memoreel/contracts';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusClient } from '../bus/bus-client.js';
import { BusTransport } from '../bus/bus-transport.js';
import { InProcessBus } from '../bus/in-process-bus.js';
import { SERVICE_CONTEXT, type ServiceContext } from '../nest/service-context.js';
import { bucketStorage } from '../storage/bucket-storage.js';
import { adminOverviewHandler } from './admin-overview.handler.js';
import type { OverviewDatabase } from './service-overview.js';

/** Canned answers to the overview's three queries: one migration, one table of two rows. */
@Injectable()
class MediaDatabase implements OverviewDatabase {
  async $queryRawUnsafe<T>(query: string): Promise<T> {
    if (query.includes('pg_total_relation_size')) return [{ name: 'blobs', bytes: 8192n }] as T;
    if (query.includes('count(*) AS rows')) return [{ name: 'blobs', rows: 2n }] as T;
    if (query.includes('FROM "media"._prisma_migrations')) {
      return [
        { migration_name: '0001_init', finished_at: new Date('2026-01-02T03:04:05Z'), applied: 1n },
      ] as T;
    }
    return [] as T;
  }
}
class PhotoStorage extends bucketStorage('photos') {}
class ThumbnailStorage extends bucketStorage('thumbnails') {}

const admin: Actor = { userId: randomUUID(), role: 'admin', isAnonymous: false };
const user: Actor = { userId: randomUUID(), role: 'user', isAnonymous: false };

let dir: string;
let bus: InProcessBus;
let app: Awaited<ReturnType<typeof NestFactory.createMicroservice>>;
let client: BusClient;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'memoreel-admin-overview-'));
  bus = new InProcessBus({ namespace: `overview-${randomUUID()}` });
  const context = {
    name: 'media',
    bus,
    env: {
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: dir,
      STORAGE_SIGNING_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://localhost:3000',
    },
  } as unknown as ServiceContext;

  @Module({
    controllers: [
      adminOverviewHandler(mediaOverview, {
        database: MediaDatabase,
        buckets: [PhotoStorage, ThumbnailStorage],
      }),
    ],
    providers: [
      MediaDatabase,
      PhotoStorage,
      ThumbnailStorage,
      { provide: SERVICE_CONTEXT, useValue: context },
    ],
  })
  class MediaModule {}

  app = await NestFactory.createMicroservice(MediaModule, {
    strategy: new BusTransport({ bus, service: 'media' }),
    logger: false,
  });
  await app.listen();
  const photos = app.get(PhotoStorage).storage;
  for (const name of ['a.webp', 'b.webp']) {
    await photos.put('photos', `${randomUUID()}/${name}`, Buffer.from('photo'), {
      contentType: 'image/webp',
    });
  }
  await app.get(ThumbnailStorage).storage.put('thumbnails', 'icons/x.webp', Buffer.from('icon'), {
    contentType: 'image/webp',
  });
  client = new BusClient(bus);
});

afterAll(async () => {
  await app?.close();
  await bus?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('adminOverviewHandler', () => {
  it("answers the service's overview request with its tables and each of its buckets", async () => {
    const overview = await client.request(mediaOverview, admin, {});

    expect(overview).toMatchObject({
      service: 'media',
      schema: 'media',
      migration: { latest: '0001_init', appliedAt: '2026-01-02T03:04:05.000Z', applied: 1 },
      tables: [{ name: 'blobs', rows: 2, bytes: 8192 }],
      databaseBytes: 8192,
      storage: [
        { bucket: 'photos', prefix: '{id}/', objects: 2, bytes: 10 },
        { bucket: 'thumbnails', prefix: 'icons/', objects: 1, bytes: 4 },
      ],
      storageTruncated: false,
      binding: 'in-process',
    });
  });

  it('refuses anyone but an admin', async () => {
    await expect(client.request(mediaOverview, user, {})).rejects.toMatchObject({
      code: ErrorCodes.forbidden,
      message: overviewMessages.adminRequired,
    });
  });
});
