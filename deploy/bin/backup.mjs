// The cluster's backup (the chart's backup CronJob) and its restore, decision 0025:
//   node deploy/bin/backup.mjs backup            → <prefix>/<stamp>/manifest.json + database/<schema>/<table>.ndjson,
//                                                  and every object mirrored to <prefix>/objects/<bucket>/<key>
//   node deploy/bin/backup.mjs restore <stamp>   → each schema into its (empty) database, then the objects back
// Each schema is read with its own DATABASE_URL_<SCHEMA> by @memoreel/platform's dumpSchemas (plain SQL:
// any Postgres version, unlike a pg_dump older than the server). Environment:
//   BACKUP_SCHEMAS            auth,projects,…        DATABASE_URL_AUTH, DATABASE_URL_PROJECTS, …
//   BACKUP_BUCKETS            photos:photos,renders:renders,music:renders   bucket:group, with
//                             S3_ACCESS_KEY_<GROUP>, S3_SECRET_KEY_<GROUP>; S3_ENDPOINT, S3_REGION
//   BACKUP_S3_ENDPOINT (default S3_ENDPOINT), BACKUP_S3_REGION, BACKUP_S3_BUCKET, BACKUP_S3_PREFIX,
//   BACKUP_S3_ACCESS_KEY, BACKUP_S3_SECRET_KEY
//   MIGRATIONS_ROOT           where apps/<schema>/prisma/migrations are (default: this image's /app)
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as platform from '@memoreel/platform';
import { Client } from 'minio';

const FORMAT = 1;
const env = process.env;
const log = (msg, fields = {}) => console.log(JSON.stringify({ level: 'info', msg, ...fields }));
const required = (name) => {
  const value = env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const variable = (name) => name.toUpperCase().replace(/[^A-Z0-9]/g, '_');

function s3Client(url, accessKey, secretKey, region) {
  const endpoint = new URL(url);
  const useSSL = endpoint.protocol === 'https:';
  return new Client({
    endPoint: endpoint.hostname,
    port: endpoint.port ? Number(endpoint.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey,
    secretKey,
    region,
    pathStyle: true,
  });
}

const schemas = required('BACKUP_SCHEMAS').split(',').filter(Boolean);
const buckets = (env.BACKUP_BUCKETS ?? '')
  .split(',')
  .filter(Boolean)
  .map((entry) => {
    const [bucket, group] = entry.split(':');
    const client = s3Client(
      required('S3_ENDPOINT'),
      required(`S3_ACCESS_KEY_${variable(group)}`),
      required(`S3_SECRET_KEY_${variable(group)}`),
      env.S3_REGION ?? 'us-east-1',
    );
    return { bucket, client };
  });
const target = s3Client(
  env.BACKUP_S3_ENDPOINT || required('S3_ENDPOINT'),
  required('BACKUP_S3_ACCESS_KEY'),
  required('BACKUP_S3_SECRET_KEY'),
  env.BACKUP_S3_REGION || env.S3_REGION || 'us-east-1',
);
const targetBucket = required('BACKUP_S3_BUCKET');
const prefix = (env.BACKUP_S3_PREFIX ?? 'memoreel').replace(/\/+$/, '');
const migrationsRoot = env.MIGRATIONS_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '../..');
const databaseUrl = (schema) => required(`DATABASE_URL_${variable(schema)}`);

async function listKeys(client, bucket, under = '') {
  const keys = [];
  for await (const item of client.listObjectsV2(bucket, under, true)) if (item.name) keys.push(item);
  return keys;
}

/** Copies what the mirror lacks: object keys are never rewritten in place, so name and size tell. */
async function mirror(from, fromBucket, to, toBucket, toPrefix, fromPrefix = '') {
  const have = new Map((await listKeys(to, toBucket, toPrefix)).map((item) => [item.name, item.size]));
  let copied = 0;
  let kept = 0;
  for (const item of await listKeys(from, fromBucket, fromPrefix)) {
    const key = `${toPrefix}${item.name.slice(fromPrefix.length)}`;
    if (have.get(key) === item.size) {
      kept += 1;
      continue;
    }
    await to.putObject(toBucket, key, await from.getObject(fromBucket, item.name), item.size);
    copied += 1;
  }
  return { copied, kept };
}

async function backup() {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const dir = await mkdtemp(join(tmpdir(), 'memoreel-backup-'));
  try {
    const dumps = [];
    for (const schema of schemas) {
      const [dump] = await platform.dumpSchemas(databaseUrl(schema), [schema], join(dir, 'database'));
      for (const table of dump.tables)
        await target.fPutObject(
          targetBucket,
          `${prefix}/${stamp}/database/${table.file}`,
          join(dir, 'database', table.file),
        );
      dumps.push(dump);
      log(`dumped ${schema}`, { rows: dump.tables.reduce((sum, table) => sum + table.rows, 0) });
    }
    const storage = {};
    for (const { bucket, client } of buckets) {
      storage[bucket] = await mirror(client, bucket, target, targetBucket, `${prefix}/objects/${bucket}/`);
      log(`mirrored ${bucket}`, storage[bucket]);
    }
    // Written last: a backup without its manifest never finished and is not offered for restore.
    const manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      appVersion: env.APP_VERSION ?? '',
      schemas: dumps,
      storage,
    };
    await target.putObject(
      targetBucket,
      `${prefix}/${stamp}/manifest.json`,
      JSON.stringify(manifest, null, 2),
    );
    log('backup complete', { at: `s3://${targetBucket}/${prefix}/${stamp}/` });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function restore(stamp) {
  if (!stamp) throw new Error('Say which backup to restore: node deploy/bin/backup.mjs restore <stamp>');
  const dir = await mkdtemp(join(tmpdir(), 'memoreel-restore-'));
  try {
    const base = `${prefix}/${stamp}`;
    const chunks = [];
    for await (const chunk of await target.getObject(targetBucket, `${base}/manifest.json`))
      chunks.push(chunk);
    const manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (manifest.format > FORMAT)
      throw new Error(`backup format ${manifest.format} is newer than this version reads`);
    for (const dump of manifest.schemas.filter((candidate) => schemas.includes(candidate.schema))) {
      for (const table of dump.tables) {
        await mkdir(dirname(join(dir, table.file)), { recursive: true });
        await target.fGetObject(targetBucket, `${base}/database/${table.file}`, join(dir, table.file));
      }
      const migrationsDir = join(migrationsRoot, 'apps', dump.schema, 'prisma', 'migrations');
      await platform.restoreSchema({ databaseUrl: databaseUrl(dump.schema), dump, dir, migrationsDir });
      log(`restored ${dump.schema}`);
    }
    for (const { bucket, client } of buckets) {
      const copied = await mirror(target, targetBucket, client, bucket, '', `${prefix}/objects/${bucket}/`);
      log(`restored bucket ${bucket}`, copied);
    }
    log('restore complete', { from: `s3://${targetBucket}/${base}/` });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

try {
  const [command, stamp] = process.argv.slice(2);
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore(stamp);
  else throw new Error('Usage: node deploy/bin/backup.mjs backup | restore <stamp>');
  process.exit(0);
} catch (error) {
  console.error(
    JSON.stringify({ level: 'error', msg: error instanceof Error ? error.message : String(error) }),
  );
  process.exit(1);
}
