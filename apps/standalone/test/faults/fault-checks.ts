/**
 * What every fault of the suite ends with: the outboxes empty, no row twice, no object in storage
 * that no row names (and no row whose object is gone), on the distributed stack's database and S3.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { RENDERS_BUCKET } from '@memoreel/contracts';
import { createStorage } from '@memoreel/platform';
import { type DistributedStack, outboxBacklog } from '@memoreel/testing';
import pg from 'pg';

const PHOTOS_BUCKET = 'photos';

export async function query<T extends pg.QueryResultRow>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** Retries `check` (an assertion) until it passes, up to `timeoutMs`; then its last failure is thrown. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs: number, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  }
}

/** The stack's S3 storage, as its services reach it. */
export const stackStorage = (stack: DistributedStack) =>
  createStorage({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: stack.s3Url,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    S3_REGION: 'us-east-1',
    S3_CORS_ORIGINS: [],
  });

/** The keys of the objects under `prefix` in `bucket`, sorted. */
export async function storedKeys(stack: DistributedStack, bucket: string, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for await (const object of stackStorage(stack).list(bucket, prefix)) found.push(object.key);
  return found.sort();
}

/** Unsent or parked events of every schema's outbox (an empty object when all are drained). */
export async function outboxLeft(
  stack: DistributedStack,
): Promise<Record<string, { unsent: number; parked: number }>> {
  const backlog = await outboxBacklog(stack.databaseUrl);
  return Object.fromEntries(Object.entries(backlog).filter(([, left]) => left.unsent > 0 || left.parked > 0));
}

/**
 * A project's photos: each upload stored once in media, its home, and in the project's dense order;
 * every object under the project's prefix is a stored photo's original, thumbnail or video derivative
 * (nothing staged, nothing of a rejected upload); every stored photo's original is there.
 */
export async function photoInvariants(stack: DistributedStack, projectId: string) {
  const uploads = await query<{
    id: string;
    status: string;
    storage_path: string;
    review: string | null;
    display_order: number | null;
  }>(
    stack.databaseUrl,
    'SELECT id, status, storage_path, review, display_order FROM media.photos WHERE project_id = $1 ORDER BY display_order',
    [projectId],
  );
  const stored = uploads.filter((upload) => upload.status === 'stored');
  const objects = await storedKeys(stack, PHOTOS_BUCKET, `${projectId}/`);
  const ownerOf = (key: string) =>
    stored.find(
      (photo) =>
        key === photo.storage_path ||
        key.startsWith(`${projectId}/thumbs/${photo.id}/`) ||
        key.startsWith(`${projectId}/video/${photo.id}/`),
    );
  return {
    stored: stored.length,
    rejected: uploads.filter((upload) => upload.status === 'rejected').length,
    storedIds: stored.map((photo) => photo.id).sort(),
    acceptedIds: stored
      .filter((photo) => photo.review === 'accepted')
      .map((photo) => photo.id)
      .sort(),
    order: stored.filter((photo) => photo.review === 'accepted').map((photo) => photo.display_order),
    orphanObjects: objects.filter((key) => !ownerOf(key)),
    missingOriginals: stored
      .filter((photo) => !objects.includes(photo.storage_path))
      .map((photo) => photo.id),
  };
}

/**
 * Renders: a project's renders, and, over the whole bucket, every video a completed render's and
 * every chunk file one a render names (no object left by a killed worker or a failed render's stitch).
 */
export async function renderInvariants(stack: DistributedStack, projectId: string) {
  const renders = await query<{
    id: string;
    status: string;
    storage_key: string | null;
    error: string | null;
  }>(
    stack.databaseUrl,
    'SELECT id, status, storage_key, error FROM render.rendered_videos WHERE project_id = $1 ORDER BY created_at',
    [projectId],
  );
  const allVideos = await query<{ storage_key: string }>(
    stack.databaseUrl,
    `SELECT storage_key FROM render.rendered_videos WHERE status = 'completed'`,
  );
  const hashes = await query<{ hash: string }>(
    stack.databaseUrl,
    'SELECT DISTINCT hash FROM render.render_chunks',
  );
  const videos = await storedKeys(stack, RENDERS_BUCKET, 'videos/');
  const chunks = await storedKeys(stack, RENDERS_BUCKET, 'chunks/');
  const namedVideos = new Set(allVideos.map((row) => row.storage_key));
  const namedChunks = new Set(hashes.map((row) => `chunks/${row.hash}.mp4`));
  return {
    statuses: renders.map((render) => render.status),
    errors: renders.map((render) => render.error),
    projectVideos: videos.filter((key) => key.startsWith(`videos/${projectId}/`)),
    expectedVideos: renders.filter((render) => render.storage_key).map((render) => render.storage_key),
    orphanVideos: videos.filter((key) => !namedVideos.has(key)),
    orphanChunks: chunks.filter((key) => !namedChunks.has(key)),
    missingVideos: [...namedVideos].filter((key) => !videos.includes(key)),
  };
}

/** The processes below `pid` (its group's children, e.g. a worker's Chromium and ffmpeg), by name. */
export function descendants(pid: number): string[] {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    } catch {
      // Ended while listed.
    }
  }
  const below = (child: number) => {
    for (let at = parents.get(child); at !== undefined && at > 1; at = parents.get(at))
      if (at === pid) return true;
    return false;
  };
  return [...names].filter(([child]) => below(child)).map(([, name]) => name);
}

/** The JSON log lines a process wrote (LOG_FORMAT json) since it last started. */
export function logLines(stack: DistributedStack, name: string): Record<string, unknown>[] {
  return stack
    .output(name)
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}

/** Text a user may read: no address, host, port, path or stack of ours. */
export function readsAsProductText(text: string | null): boolean {
  return !!text && !/https?:\/\/|127\.0\.0\.1|localhost|ECONN|:\d{2,5}\b|\/tmp\/|\bat \w+ \(/.test(text);
}

/** The machine's 1-minute load average, for the figures. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
