/**
 * Bell benchmark (issue 19): from a friend's `completeFriendPhotoUploads` reply arriving to the owner's
 * `pendingPhotosChanged` subscription receiving the push, through the real gateway. Auth, projects,
 * media and the gateway run in-process on a fresh database with local-folder storage served at
 * /storage, as standalone does: once on the in-process bus, once on the NATS binding against a private
 * nats-server (libs/testing's launcher). The owner (a guest) creates a project and an upload link and
 * keeps a graphql-ws subscription open; a friend (another guest) requests a slot through the link,
 * PUTs a small JPEG and completes, SAMPLES times (after one warm-up). The path timed covers media
 * storing the pending photo and publishing media.photo.pending-changed once it committed, the
 * gateway's live fan-out and the WebSocket push. `afterReplyMs`
 * can be negative (the push may beat the HTTP reply); `fromCallMs` is from sending the completion.
 * Prints one JSON object.
 *
 *   npm run bell -w @memoreel/bench
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { authService } from '@memoreel/auth';
import { createGatewayApp } from '@memoreel/gateway';
import { mediaService } from '@memoreel/media';
import {
  type Bus,
  connectNatsBus,
  createLogger,
  InProcessBus,
  LocalStorage,
  localStorageRouter,
  migrateSchema,
  type RunningService,
  startService,
} from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { createTestDatabase, startNatsServer, uniqueNamespace } from '@memoreel/testing';
import { createClient } from 'graphql-ws';
import sharp from 'sharp';
import WebSocket from 'ws';
import { graphql as graphqlAs, newVisitor, startGuest } from './visitor.js';

const SAMPLES = 20;
const PUSH_TIMEOUT_MS = 15_000;
type Slot = { uploadId: string; url: string; headers: { name: string; value: string }[] };
const logger = createLogger({ service: 'bench', level: 'silent' });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const round = (value: number) => Math.round(value * 10) / 10;
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median: round(median), p95: round(at(0.95)), min: round(sorted[0]!), max: round(at(1)) };
}

/** The whole stack on `connect()`'s buses (one per service and one for the gateway); times the bell. */
async function measure(connect: (name: string) => Promise<Bus>) {
  const database = await createTestDatabase({
    services: ['auth', 'projects', 'media'],
    migrate: migrateSchema,
  });
  const storageDir = await mkdtemp(join(tmpdir(), 'memoreel-bell-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const signingSecret = 'a-bench-signing-secret-of-32-characters!';
  const storage = new LocalStorage({ rootDir: storageDir, publicBaseUrl: baseUrl, signingSecret });
  await storage.ensureBuckets(['photos']);
  const env: Record<string, Record<string, string>> = {
    auth: { PUBLIC_URL: baseUrl, SMTP_URL: 'smtp://127.0.0.1:9', ALTCHA_MAX_NUMBER: '1000' },
    media: {
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: storageDir,
      STORAGE_SIGNING_SECRET: signingSecret,
      PUBLIC_URL: baseUrl,
    },
  };
  const buses: Bus[] = [];
  const services: RunningService[] = [];
  for (const definition of [authService, projectsService, mediaService]) {
    const bus = await connect(definition.name);
    buses.push(bus);
    services.push(
      await startService(definition, {
        name: definition.name,
        bus,
        databaseUrl: database.url,
        logger,
        env: env[definition.name] ?? {},
      }),
    );
  }
  const gatewayBus = await connect('gateway');
  buses.push(gatewayBus);
  const gateway = await createGatewayApp({
    bus: gatewayBus,
    logger,
    publicUrl: baseUrl,
    routes: [{ path: '/storage', handler: localStorageRouter(storage) }],
  });
  await gateway.listen(port, '127.0.0.1');

  const graphql = <T>(query: string, variables: Record<string, unknown>, token: string) =>
    graphqlAs<T>(newVisitor(baseUrl), query, variables, token);
  const guestSession = () => startGuest(newVisitor(baseUrl));

  const owner = await guestSession();
  const friend = await guestSession();
  const { createInitialProject } = await graphql<{ createInitialProject: { project: { id: string } } }>(
    'mutation { createInitialProject { project { id } } }',
    {},
    owner,
  );
  const projectId = createInitialProject.project.id;
  const { createFriendLink } = await graphql<{ createFriendLink: { id: string } }>(
    'mutation ($input: CreateFriendLinkInput!) { createFriendLink(input: $input) { id } }',
    { input: { projectId } },
    owner,
  );
  const linkId = createFriendLink.id;

  // The owner's bell: each push settles the waiter for its total.
  const waiters = new Map<number, (at: number) => void>();
  const client = createClient({
    url: `ws://127.0.0.1:${port}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${owner}` },
  });
  const connected = new Promise<void>((resolve) => client.on('connected', () => resolve()));
  client.subscribe(
    { query: 'subscription { pendingPhotosChanged { projectId total } }' },
    {
      next: (result) => {
        const at = performance.now();
        const total = (result.data?.pendingPhotosChanged as { total: number } | undefined)?.total;
        if (total !== undefined) waiters.get(total)?.(at);
      },
      error: (error) => console.error('subscription error', error),
      complete: () => {},
    },
  );
  await connected;
  await new Promise((resolve) => setTimeout(resolve, 500)); // the resolver's bus subscription settles

  const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6a8' } })
    .jpeg()
    .toBuffer();
  const afterReply: number[] = [];
  const fromCall: number[] = [];
  for (let index = 0; index <= SAMPLES; index++) {
    const { requestFriendPhotoUploads } = await graphql<{ requestFriendPhotoUploads: { slots: Slot[] } }>(
      `mutation ($linkId: ID!, $projectId: ID!, $files: [PhotoUploadFileInput!]!) {
        requestFriendPhotoUploads(linkId: $linkId, projectId: $projectId, files: $files) {
          slots { uploadId url headers { name value } } }
      }`,
      {
        linkId,
        projectId,
        files: [{ name: `friend-${index}.jpg`, size: jpeg.length, contentType: 'image/jpeg' }],
      },
      friend,
    );
    const slot = (
      requestFriendPhotoUploads as {
        slots: { uploadId: string; url: string; headers: { name: string; value: string }[] }[];
      }
    ).slots[0]!;
    const put = await fetch(slot.url, {
      method: 'PUT',
      headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
      body: jpeg,
    });
    if (!put.ok) throw new Error(`PUT answered ${put.status}`);
    const total = index + 1;
    const pushed = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no push for total ${total}`)), PUSH_TIMEOUT_MS);
      waiters.set(total, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
    const called = performance.now();
    const { completeFriendPhotoUploads } = await graphql<{
      completeFriendPhotoUploads: { accepted: boolean; error: string | null }[];
    }>(
      `mutation ($linkId: ID!, $projectId: ID!, $uploadIds: [ID!]!) {
        completeFriendPhotoUploads(linkId: $linkId, projectId: $projectId, uploadIds: $uploadIds) { accepted error }
      }`,
      { linkId, projectId, uploadIds: [slot.uploadId] },
      friend,
    );
    const replied = performance.now();
    const [result] = completeFriendPhotoUploads;
    if (!result?.accepted) throw new Error(`upload not accepted: ${result?.error}`);
    const at = await pushed;
    waiters.delete(total);
    if (index === 0) continue; // warm-up
    afterReply.push(at - replied);
    fromCall.push(at - called);
  }

  await client.dispose();
  await gateway.close();
  for (const service of services) await service.close();
  for (const bus of new Set(buses)) await bus.close();
  await database.drop();
  await rm(storageDir, { recursive: true, force: true });
  return { samples: afterReply.length, afterReplyMs: stats(afterReply), fromCallMs: stats(fromCall) };
}

const loadAverage = () => loadavg().map((value) => Math.round(value * 100) / 100);
const loadAtStart = loadAverage();
const sharedBus = new InProcessBus({ namespace: uniqueNamespace('bell') });
const inProcess = await measure(async () => sharedBus);

const nats = await startNatsServer();
const namespace = uniqueNamespace('bell');
let natsResult: Awaited<ReturnType<typeof measure>>;
try {
  natsResult = await measure((name) => connectNatsBus({ servers: nats.url, namespace, name }));
} finally {
  await nats.dispose();
}

console.log(
  JSON.stringify(
    {
      bench: 'bell',
      path: 'gateway completeFriendPhotoUploads reply → media stores the pending photo + media.photo.pending-changed → gateway live fan-out → graphql-ws pendingPhotosChanged push (full stack in-process: auth + projects + media + gateway, local storage)',
      loadAverage: { atStart: loadAtStart, atEnd: loadAverage() },
      cpus: cpus().length,
      inProcess,
      nats: natsResult,
    },
    null,
    2,
  ),
);
process.exit(0);
