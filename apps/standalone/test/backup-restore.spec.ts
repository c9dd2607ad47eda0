import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLogger } from '@memoreel/platform';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createShare,
  type Guest,
  graphql,
  guestWithProject,
  uploadPhoto,
} from '../../../tools/bench/src/visitor.js';
import { checkoutCompletedPayload, stripeSignature } from '../../billing/test/stripe-fakes.js';
import { backupMessages } from '../src/backup/backup-errors.js';
import { backupStandalone, restoreStandalone } from '../src/backup/standalone-backup.js';
import { freePort, runningEmbeddedDatabaseUrl, startEmbeddedDatabase } from '../src/embedded-database.js';
import { services } from '../src/services.js';
import { standaloneEnvironment } from '../src/standalone.config.js';
import { type Standalone, startStandalone } from '../src/start-standalone.js';

const SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<title>Memoreel</title></head><body><div id="root"></div></body></html>`;
const logger = createLogger({ service: 'backup-test', level: 'silent' });
const schemas = services.filter((service) => service.migrationsDir).map((service) => service.name);

/** Every row of every service table, as text, sorted: what "the same rows" means here. */
async function allRows(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: Record<string, string[]> = {};
    const { rows: tables } = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
      [schemas],
    );
    for (const { schema, name } of tables) {
      const result = await client.query<{ line: string }>(
        `SELECT row_to_json(t)::text AS line FROM "${schema}"."${name}" t`,
      );
      rows[`${schema}.${name}`] = result.rows.map((row) => row.line).sort();
    }
    return rows;
  } finally {
    await client.end();
  }
}

/** The storage folder as path → sha256. */
async function allObjects(storageDir: string): Promise<Record<string, string>> {
  const objects: Record<string, string> = {};
  for (const entry of await readdir(storageDir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    objects[relative(storageDir, path)] = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
  }
  return objects;
}

async function photoJpeg(hue: number): Promise<Buffer> {
  return sharp({
    create: { width: 640, height: 360, channels: 3, background: { r: hue, g: 90, b: 200 - hue } },
  })
    .jpeg()
    .toBuffer();
}

interface RenderProgress {
  status: string;
  error: string | null;
  downloadUrl: string | null;
}

async function renderToTheEnd(
  guest: Guest,
): Promise<{ renderId: string; reused: boolean; done: RenderProgress }> {
  let startRender: { renderId: string; reused: boolean } | undefined;
  // Photos reach the render once their derivatives are made; until then it answers "Missing required data".
  for (let attempt = 0; !startRender; attempt += 1) {
    try {
      ({ startRender } = await graphql<{ startRender: { renderId: string; reused: boolean } }>(
        guest,
        'mutation Start($projectId: ID!) { startRender(projectId: $projectId) { renderId reused } }',
        { projectId: guest.projectId },
        guest.token,
      ));
    } catch (error) {
      if (attempt > 240 || !String(error).includes('Missing required data')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  for (const deadline = Date.now() + 240_000; Date.now() < deadline; ) {
    const { renderProgress } = await graphql<{ renderProgress: RenderProgress }>(
      guest,
      'query Progress($renderId: ID!) { renderProgress(renderId: $renderId) { status error downloadUrl } }',
      { renderId: startRender.renderId },
      guest.token,
    );
    if (renderProgress.status === 'completed' || renderProgress.status === 'failed')
      return { ...startRender, done: renderProgress };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`render ${startRender.renderId} did not finish`);
}

const TS_LOADER = fileURLToPath(new URL('../../../tools/bench/register.mjs', import.meta.url));
const WEBHOOK_SECRET = 'whsec_memoreel_backup_test';

/** The guest's project upgraded as Stripe would report a paid checkout: free projects do not render. */
async function upgrade(guest: Guest): Promise<void> {
  const userId = JSON.parse(Buffer.from(guest.token.split('.')[1] ?? '', 'base64url').toString()).sub;
  const body = checkoutCompletedPayload({
    projectId: guest.projectId,
    userId,
    productId: 'honor',
    amountTotal: 3900,
  });
  const response = await fetch(`${guest.target}/billing/v1/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(body, WEBHOOK_SECRET),
    },
    body,
  });
  expect(response.status).toBe(200);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { project } = await graphql<{ project: { product: string } }>(
      guest,
      'query Project($id: ID!) { project(id: $id) { product } }',
      { id: guest.projectId },
      guest.token,
    );
    if (project.product !== 'free') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the upgrade did not reach the project');
}

const SHARED_VIDEO = 'query Shared($id: ID!) { sharedVideo(id: $id) { shareTitle videoUrl photos { id } } }';

// The whole standalone (embedded Postgres, local storage, real render worker), backed up, wiped and restored.
describe('backing up and restoring a standalone Memoreel', { timeout: 600_000 }, () => {
  let home: string;
  let runtimeDir: string;
  let dataDir: string;
  let webDistDir: string;
  let app: Standalone | undefined;
  const runtime = process.env.MEMOREEL_RUNTIME_DIR;
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
  const nodeOptions = process.env.NODE_OPTIONS;

  let port: number | undefined;

  /** Always on the first port: sessions are issued for the app's origin, which a restore keeps. */
  async function start(): Promise<Standalone> {
    port ??= await freePort();
    const config = standaloneEnvironment.parse({
      PORT: String(port),
      MEMOREEL_DATA_DIR: dataDir,
      WEB_DIST_DIR: webDistDir,
    });
    app = await startStandalone(config, logger);
    return app;
  }

  async function stop(): Promise<void> {
    await app?.close();
    app = undefined;
  }

  /** Reads the stopped instance's database with its own embedded Postgres. */
  async function rowsAtRest(): Promise<Record<string, string[]>> {
    const database = await startEmbeddedDatabase(join(dataDir, 'postgres'), logger);
    try {
      return await allRows(database.url);
    } finally {
      await database.stop();
    }
  }

  beforeAll(async () => {
    // A 0700 folder like /root: as root the cluster lives in a runtime folder of the test's own.
    home = await mkdtemp(join(tmpdir(), 'memoreel-backup-home-'));
    dataDir = join(home, 'memoreel', '.memoreel');
    runtimeDir = await mkdtemp(join(tmpdir(), 'memoreel-backup-runtime-'));
    process.env.MEMOREEL_RUNTIME_DIR = runtimeDir;
    // The services read their settings from the environment, as under npm start.
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    // The renderer's child process runs its TypeScript source, compiled on load like the benches.
    process.env.NODE_OPTIONS = `--conditions=@memoreel/source --import ${TS_LOADER}`;
    webDistDir = join(home, 'web');
    await mkdir(webDistDir);
    await writeFile(join(webDistDir, 'index.html'), SHELL);
  });

  afterAll(async () => {
    await stop();
    if (runtime === undefined) delete process.env.MEMOREEL_RUNTIME_DIR;
    else process.env.MEMOREEL_RUNTIME_DIR = runtime;
    if (nodeOptions === undefined) delete process.env.NODE_OPTIONS;
    else process.env.NODE_OPTIONS = nodeOptions;
    if (webhookSecret === undefined) delete process.env.STRIPE_WEBHOOK_SECRET;
    else process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
    for (const dir of [home, runtimeDir]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('brings back a project with photos, music, a render and a share, which plays and renders again', async () => {
    const running = await start();
    const guest = await guestWithProject(running.url);
    await upgrade(guest);
    for (const hue of [20, 160]) await uploadPhoto(guest, await photoJpeg(hue), `photo-${hue}.jpg`);
    // A fresh install makes its shipped tracks in the background, within seconds.
    let track: { id: string; url: string } | undefined;
    for (let attempt = 0; attempt < 240 && !track; attempt += 1) {
      const { publicMusicTracks } = await graphql<{ publicMusicTracks: { id: string; url: string }[] }>(
        guest,
        'query { publicMusicTracks { id url } }',
        {},
        guest.token,
      );
      track = publicMusicTracks[0];
      if (!track) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(track).toBeDefined();
    const storagePath = decodeURIComponent(new URL(track?.url ?? '').pathname.split('/').pop() ?? '');
    await graphql(
      guest,
      'mutation Settings($id: ID!, $settings: VideoSettingsInput!) { updateVideoSettings(id: $id, settings: $settings) { id } }',
      {
        id: guest.projectId,
        settings: {
          durationPerPhoto: 1,
          width: 320,
          height: 180,
          music: {
            timelineTracks: [
              { id: track?.id, storage_path: storagePath, startTime: 0, duration: 2, instanceId: 'm1' },
            ],
          },
        },
      },
      guest.token,
    );
    const first = await renderToTheEnd(guest);
    expect(first.done).toMatchObject({ status: 'completed', error: null });
    const shareId = await createShare(guest, { shareTitle: 'Grandma Rose' });

    // Online: one snapshot of every schema while the instance serves.
    const online = join(home, 'online.tar.gz');
    const onlineManifest = await backupStandalone({ dataDir, archive: online, logger });
    expect(onlineManifest.schemas.map((dump) => dump.schema)).toEqual(schemas);
    const renderTables = onlineManifest.schemas.find((dump) => dump.schema === 'render')?.tables;
    expect(renderTables?.find((table) => table.name === 'rendered_videos')?.rows).toBe(1);
    expect(await runningEmbeddedDatabaseUrl(join(dataDir, 'postgres'))).toBeDefined();

    // At rest: the backup starts the embedded database itself; this is the archive restored below.
    await stop();
    const rows = await rowsAtRest();
    const objects = await allObjects(join(dataDir, 'storage'));
    expect(rows['render.rendered_videos']?.length).toBe(1);
    expect(rows['sharing.shared_videos']?.length).toBe(1);
    const archive = join(home, 'memoreel-backup.tar.gz');
    const manifest = await backupStandalone({ dataDir, archive, logger });
    expect(manifest.storage.files).toBe(Object.keys(objects).length);
    // It holds password hashes and signing keys: its owner's only.
    expect((await stat(archive)).mode & 0o777).toBe(0o600);

    // An existing instance is never overwritten without --force.
    await expect(restoreStandalone({ dataDir, archive, logger })).rejects.toThrow(
      backupMessages.dataDirInUse(dataDir, '').split(' to ')[0] as string,
    );

    // Wiped: the data folder and the cluster it links to, as on a new machine.
    await rm(dataDir, { recursive: true, force: true });
    await rm(join(runtimeDir, 'clusters'), { recursive: true, force: true });
    await restoreStandalone({ dataDir, archive, logger });
    expect(await allObjects(join(dataDir, 'storage'))).toEqual(objects);
    expect(await rowsAtRest()).toEqual(rows);

    // The restored instance starts normally, the share page plays the same video.
    const restored = await start();
    const visitor = { ...guest, target: restored.url };
    const page = await fetch(`${restored.url}/v/${shareId}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Grandma Rose');
    const { sharedVideo } = await graphql<{ sharedVideo: { videoUrl: string | null; photos: unknown[] } }>(
      visitor,
      SHARED_VIDEO,
      { id: shareId },
    );
    expect(sharedVideo.photos).toHaveLength(2);
    const video = await fetch(sharedVideo.videoUrl ?? '');
    expect(video.status).toBe(200);
    const played = createHash('sha256')
      .update(Buffer.from(await video.arrayBuffer()))
      .digest('hex');
    expect(Object.values(objects)).toContain(played);

    // The guest's session came back too; a changed project renders to the end.
    await graphql(
      visitor,
      'mutation Settings($id: ID!, $settings: VideoSettingsInput!) { updateVideoSettings(id: $id, settings: $settings) { id } }',
      { id: guest.projectId, settings: { transition: 'fade' } },
      guest.token,
    );
    const second = await renderToTheEnd(visitor);
    expect(second.reused).toBe(false);
    expect(second.done).toMatchObject({ status: 'completed', error: null });
  });
});
