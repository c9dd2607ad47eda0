import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { migrateSchema, S3Storage } from '@memoreel/platform';
import { createTestDatabase, type S3Server, startS3Server, type TestDatabase } from '@memoreel/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = 'deploy/bin/backup.mjs';
const SCHEMAS = ['projects', 'billing'];
/** One object per bucket, by bucket. */
const OBJECTS = { photos: 'p/1.jpg', renders: 'r/1.mp4', music: 'm.mp3' } as const;

async function rowsOf(url: string, table: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ line: string }>(
      `SELECT row_to_json(t)::text AS line FROM ${table} t`,
    );
    return rows.map((row) => row.line).sort();
  } finally {
    await client.end();
  }
}

async function objectsOf(s3: S3Storage): Promise<Record<string, string | null>> {
  const objects: Record<string, string | null> = {};
  for (const [bucket, key] of Object.entries(OBJECTS)) {
    const found = await s3.stat(bucket, key);
    const chunks: Buffer[] = [];
    if (found) for await (const chunk of await s3.get(bucket, key)) chunks.push(chunk as Buffer);
    objects[`${bucket}/${key}`] = found ? Buffer.concat(chunks).toString() : null;
  }
  return objects;
}

// The chart's backup CronJob runs deploy/bin/backup.mjs in the service image; here the same script on
// the sources, against Postgres and an S3 server: per-schema URLs, bucket mirror, restore into empty ones.
describe('the cluster backup script', { timeout: 180_000 }, () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let s3server: S3Server;
  let s3: S3Storage;

  const script = (args: string[], databaseUrl: string) =>
    run(
      process.execPath,
      ['--conditions=@memoreel/source', '--import', './tools/bench/register.mjs', SCRIPT, ...args],
      {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH,
          BACKUP_SCHEMAS: SCHEMAS.join(','),
          ...Object.fromEntries(
            SCHEMAS.map((schema) => [`DATABASE_URL_${schema.toUpperCase()}`, databaseUrl]),
          ),
          BACKUP_BUCKETS: 'photos:photos,renders:renders,music:renders',
          S3_ENDPOINT: `http://127.0.0.1:${s3server.port}`,
          ...Object.fromEntries(
            ['PHOTOS', 'RENDERS'].flatMap((group) => [
              [`S3_ACCESS_KEY_${group}`, s3server.accessKey],
              [`S3_SECRET_KEY_${group}`, s3server.secretKey],
            ]),
          ),
          BACKUP_S3_BUCKET: 'backups',
          BACKUP_S3_PREFIX: 'nightly',
          BACKUP_S3_ACCESS_KEY: s3server.accessKey,
          BACKUP_S3_SECRET_KEY: s3server.secretKey,
          MIGRATIONS_ROOT: repoRoot,
        },
      },
    );

  beforeAll(async () => {
    source = await createTestDatabase({ services: SCHEMAS, migrate: migrateSchema });
    target = await createTestDatabase();
    s3server = await startS3Server({ buckets: [...Object.keys(OBJECTS), 'backups'] });
    s3 = new S3Storage(s3server);
  }, 60_000);

  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    await s3server?.stop();
  });

  it('backs up every schema and bucket, and restores them into an empty database and buckets', async () => {
    const client = new pg.Client({ connectionString: source.url });
    await client.connect();
    await client.query(
      `INSERT INTO projects.projects (id, user_id, name, product, video_settings)
       VALUES (gen_random_uuid(), gen_random_uuid(), 'Grandma Rose', 'honor', '{"durationPerPhoto": 2.5}')`,
    );
    await client.end();
    for (const [bucket, key] of Object.entries(OBJECTS))
      await s3.put(bucket, key, Buffer.from(`${bucket} bytes`), { contentType: 'application/octet-stream' });
    const projects = await rowsOf(source.url, 'projects.projects');
    const prices = await rowsOf(source.url, 'billing.prices');
    const objects = await objectsOf(s3);

    const { stdout } = await script(['backup'], source.url);
    const stamp = /s3:\/\/backups\/nightly\/([^/]+)\//.exec(stdout)?.[1] as string;
    expect(stamp).toBeDefined();

    // The buckets emptied, as on a new cluster; the target database has no schema yet.
    for (const [bucket, key] of Object.entries(OBJECTS)) await s3.delete(bucket, key);
    expect(Object.values(await objectsOf(s3))).toEqual([null, null, null]);
    await script(['restore', stamp], target.url);
    expect(await rowsOf(target.url, 'projects.projects')).toEqual(projects);
    expect(await rowsOf(target.url, 'billing.prices')).toEqual(prices);
    expect(await objectsOf(s3)).toEqual(objects);
    expect(objects['photos/p/1.jpg']).toBe('photos bytes');

    // Never over data: a second restore into the same database is refused and changes nothing.
    const again = await script(['restore', stamp], target.url).then(
      () => undefined,
      (error: { stderr: string }) => error.stderr,
    );
    expect(again).toContain('The database already holds data (schema \\"projects\\", table projects)');
    expect(await rowsOf(target.url, 'projects.projects')).toEqual(projects);
  });
});
