import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { migrateSchema } from '@memoreel/platform';
import {
  createTestDatabase,
  deleteNamespaceStreams,
  eventually,
  NATS_URL,
  type S3Server,
  startS3Server,
  type TestDatabase,
  uniqueNamespace,
} from '@memoreel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * The media deployable as a pod runs it (`node main.js` on NATS, its schema and S3), from source:
 * its readiness, which the chart's readiness probe reads, covers the object storage.
 */
describe('media /health/ready (distributed main)', () => {
  let database: TestDatabase;
  let s3: S3Server;
  let media: ChildProcess;
  let output = '';
  let ready: string;
  const namespace = uniqueNamespace('media_ready');

  beforeAll(async () => {
    [database, s3] = await Promise.all([
      createTestDatabase({ services: ['media'], migrate: migrateSchema }),
      startS3Server(),
    ]);
    const port = await freePort();
    ready = `http://127.0.0.1:${port}/health/ready`;
    media = spawn(
      process.execPath,
      [
        '--conditions=@memoreel/source',
        '--import',
        `${repoRoot}tools/bench/register.mjs`,
        `${repoRoot}apps/media/src/main.ts`,
      ],
      {
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: database.url,
          NATS_URL,
          BUS_NAMESPACE: namespace,
          PORT: String(port),
          LOG_LEVEL: 'warn',
          STORAGE_DRIVER: 's3',
          S3_ENDPOINT: `http://${s3.endPoint}:${s3.port}`,
          S3_ACCESS_KEY: s3.accessKey,
          S3_SECRET_KEY: s3.secretKey,
          S3_REGION: s3.region,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    for (const stream of [media.stdout, media.stderr]) stream?.on('data', (chunk) => (output += chunk));
  }, 60_000);

  afterAll(async () => {
    if (media && media.exitCode === null) {
      media.kill('SIGTERM');
      await once(media, 'exit');
    }
    await Promise.allSettled([s3?.stop(), database?.drop(), deleteNamespaceStreams(namespace)]);
  });

  const readiness = async () => {
    const response = await fetch(ready);
    return { status: response.status, body: (await response.json()) as { checks: Record<string, unknown> } };
  };

  it('answers ready with database, bus and storage, and not ready once the object storage stops answering', async () => {
    const up = await eventually(async () => {
      if (media.exitCode !== null) throw new Error(`media exited ${media.exitCode}:\n${output}`);
      return readiness();
    }, 45_000);
    expect(up.status, output).toBe(200);
    expect(up.body.checks).toEqual({
      bus: { status: 'ok' },
      database: { status: 'ok' },
      storage: { status: 'ok' },
    });

    await s3.stop();

    const down = await readiness();
    expect(down.status).toBe(503);
    expect(down.body.checks).toEqual({
      bus: { status: 'ok' },
      database: { status: 'ok' },
      storage: { status: 'error' },
    });
  }, 60_000);
});
