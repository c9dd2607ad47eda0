import { type Actor, createProject, type Project } from '@memoreel/contracts';
import * as platform from '@memoreel/platform';
import {
  deleteNamespaceStreams,
  NATS_URL,
  type S3Server,
  type ServiceHarness,
  startS3Server,
  startServiceHarness,
} from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { PrismaClient } from '../src/generated/prisma/client.js';
import { mediaService } from '../src/media.service-definition.js';
import { PHOTOS_BUCKET } from '../src/storage/photo-storage.js';

export { eventually } from '@memoreel/testing';

/**
 * The media service on one fresh database and an in-process bus, storing objects in an S3 server on
 * loopback (s3rver). Media needs projects (ownership, quota, photo rows): a spec names it in
 * `collaborators`, started from the composition root's registry (decision 0029).
 */
export interface MediaHarness extends ServiceHarness<platform.Bus, InstanceType<typeof PrismaClient>> {
  /** The same bucket media writes to, for arranging and inspecting objects. */
  storage: platform.S3Storage;
  /** Media's storage settings, for a worker that reads and writes the same bucket. */
  storageEnv: Record<string, string>;
  bucket: string;
  project(owner: Actor): Promise<Project>;
  /** Every object key under a prefix. */
  keys(prefix: string): Promise<string[]>;
}

export interface MediaHarnessOptions {
  /** Services started before media on the same database and bus, by name (`['projects']`). */
  collaborators?: readonly string[];
  /** `nats`: the real broker at NATS_URL (JetStream events and the thumbnail work queue), else the in-process bus. */
  bus?: 'in-process' | 'nats';
}

/** Media for the spec file (or `describe`) that calls it: started before its tests, closed after them. */
export function useMedia(options: MediaHarnessOptions = {}): MediaHarness {
  return startedForTests('media', () => startMedia(options));
}

export async function startMedia(options: MediaHarnessOptions = {}): Promise<MediaHarness> {
  const s3: S3Server = await startS3Server();
  const connection = {
    endPoint: s3.endPoint,
    port: s3.port,
    useSSL: false,
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
    region: s3.region,
  };
  const storageEnv = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://${s3.endPoint}:${s3.port}`,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_REGION: s3.region,
  };
  const harness = await startServiceHarness(platform, mediaService, {
    collaborators: options.collaborators ?? [],
    env: {
      // Abandoned uploads are swept often here, so tests see it happen.
      media: { ...storageEnv, MEDIA_UPLOAD_SWEEP_MS: '200' },
    },
    database: (url) =>
      new PrismaClient({ adapter: platform.postgresAdapter({ databaseUrl: url, schema: 'media' }) }),
    ...(options.bus === 'nats'
      ? {
          createBus: (namespace: string) =>
            platform.connectNatsBus({ servers: NATS_URL, namespace, name: 'media-test' }),
        }
      : {}),
  }).catch(async (error: unknown) => {
    await s3.stop();
    throw error;
  });
  const storage = new platform.S3Storage(connection);
  return {
    ...harness,
    storage,
    storageEnv,
    bucket: PHOTOS_BUCKET,
    project: (owner) => harness.request(createProject, owner, { name: 'Holiday' }),
    async keys(prefix) {
      const keys: string[] = [];
      for await (const object of storage.list(PHOTOS_BUCKET, prefix)) keys.push(object.key);
      return keys.sort();
    },
    async close() {
      await harness.close();
      await s3.stop();
      if (options.bus === 'nats') await deleteNamespaceStreams(harness.namespace);
    },
  };
}
