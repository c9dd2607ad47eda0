/**
 * The k6 journeys of tools/load, driven from Node with autocannon against a running Memoreel
 * (a standalone on loopback: `npm start`), one journey after another:
 *   landing  GET /, GET /pricing, the ProductPrices query
 *   upload   (guests and projects made first) requestPhotoUploads → PUT the photo → completePhotoUploads
 *            → deletePhotos (keeps each project under its plan's photo limit)
 *   projects (guests with a project and a photo made first) the dashboard's Projects query, as
 *            signed-in visitors
 *   viewer   (a share made first) GET /v/{id}, the SharedVideo query, recordShareView
 * Prints one JSON object: per journey the requests, throughput, p50/p95/p99 latency and errors
 * (network errors, timeouts, non-2xx, GraphQL errors in 200 answers).
 *
 *   npm run --workspace tools/bench load [-- http://127.0.0.1:3000]
 *   LOAD_DURATION=10 (seconds per journey)  LOAD_CONNECTIONS=10  LOAD_JOURNEYS=landing,upload,projects,viewer
 *
 * Every virtual client sends its own X-Forwarded-For (the gateway believes it from loopback), so the
 * per-address budgets (GraphQL 1,200/min, guests 30/hour: docs/gateway-limits.md) meter each client
 * as they would real visitors, instead of throttling the whole run as one address.
 */
import autocannon, { type Request } from 'autocannon';
import { latencySummary } from './latency.js';
import {
  COMPLETE_UPLOADS,
  createShare,
  type Guest,
  graphqlBody,
  guestWithProject,
  jsonHeaders,
  newVisitor,
  REQUEST_UPLOADS,
  type UploadSlot,
  uploadPhoto,
} from './visitor.js';

/** A request of a sequence, as autocannon takes it (its types name the worker-thread variants too). */
interface RawRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}
type Context = Record<string, unknown>;
interface Step extends RawRequest {
  setupRequest?: (request: RawRequest, context: Context) => RawRequest | undefined;
  onResponse?: (status: number, body: string, context: Context, headers: Record<string, string>) => void;
}

const target = (process.argv[2] ?? process.env.MEMOREEL_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
/** Headers for requests that speak for no one in particular (asVisitor gives each its address). */
const anyone = { target, address: '' };
const durationSeconds = Number(process.env.LOAD_DURATION ?? 10);
const connections = Number(process.env.LOAD_CONNECTIONS ?? 10);
const journeys = (process.env.LOAD_JOURNEYS ?? 'landing,upload,projects,viewer')
  .split(',')
  .map((j) => j.trim());

/** A 320×240 JPEG (717 bytes): media checks magic bytes and decodes every upload whole. */
const PHOTO = Buffer.from(
  '/9j/2wBDAAoHBwgHBgoICAgLCgoLDhgQDg0NDh0VFhEYIx8lJCIfIiEmKzcvJik0KSEiMEExNDk7Pj4+JS5ESUM8SDc9Pjv/2wBDAQoLCw4NDhwQEBw7KCIoOzs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozs7Ozv/wAARCADwAUADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCwCWtAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP/Z',
  'base64',
);

interface JourneyResult {
  requests: number;
  throughputPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  errors: { network: number; timeouts: number; non2xx: number; graphql: number };
  statusCodes: Record<string, number>;
}

/**
 * `count` results of `make`, a few at a time: the run's visitors arrive over time, not all in one
 * instant (50 guest sign-ins at once exhaust auth's transaction pool, which is not what is measured).
 */
async function setUp<T>(count: number, make: () => Promise<T>, atOnce = 5): Promise<T[]> {
  const made: T[] = [];
  while (made.length < count)
    made.push(...(await Promise.all(Array.from({ length: Math.min(atOnce, count - made.length) }, make))));
  return made;
}

const photoFile = { name: 'load.jpg', size: PHOTO.length, contentType: 'image/jpeg' };

/** Runs one autocannon instance over a request sequence and measures every response itself (p95 included). */
function run(requests: Step[]): Promise<JourneyResult> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let graphqlErrors = 0;
  const counted = requests.map((request) => ({
    ...request,
    onResponse: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string>,
    ) => {
      if (status === 200 && body.startsWith('{"errors"')) graphqlErrors += 1;
      else if (status === 200 && body.includes('"errors":[')) graphqlErrors += 1;
      request.onResponse?.(status, body, context, headers);
    },
  }));
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target,
        connections,
        duration: durationSeconds,
        requests: counted as unknown as Request[],
        timeout: 30,
      },
      (error, result) => {
        if (error) return reject(error);
        const non2xx = Object.entries(statusCodes)
          .filter(([code]) => !code.startsWith('2'))
          .reduce((sum, [, count]) => sum + count, 0);
        resolve({
          requests: latencies.length,
          throughputPerSecond: Math.round((latencies.length / durationSeconds) * 10) / 10,
          latencyMs: latencySummary(latencies),
          errors: { network: result.errors, timeouts: result.timeouts, non2xx, graphql: graphqlErrors },
          statusCodes,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(Math.round(responseTime * 10) / 10);
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    });
  });
}

/** Each pass through a sequence starts as a new visitor (a fresh address) unless it is given one. */
const asVisitor = (request: Step): Step => ({
  ...request,
  setupRequest: (req, context) => {
    context.address ??= newVisitor(target).address;
    const prepared = request.setupRequest ? request.setupRequest(req, context) : req;
    if (!prepared) return undefined;
    return { ...prepared, headers: { ...prepared.headers, 'x-forwarded-for': context.address as string } };
  },
});

async function landing(): Promise<JourneyResult> {
  return run(
    [
      { method: 'GET', path: '/', headers: { accept: 'text/html' } },
      { method: 'GET', path: '/pricing', headers: { accept: 'text/html' } },
      {
        method: 'POST',
        path: '/graphql',
        headers: jsonHeaders(anyone),
        body: graphqlBody('query ProductPrices { productPrices { productId priceCents } }'),
      },
    ]
      .map((step): Step => step)
      .map(asVisitor),
  );
}

async function upload(): Promise<JourneyResult> {
  // One guest and project per connection (auth allows 30 guests an hour per address: each has its own).
  const guests = await setUp(connections, () => guestWithProject(target));
  let next = 0;
  const storageOrigin = (url: string) => new URL(url, target).origin;
  return run([
    {
      method: 'POST',
      path: '/graphql',
      setupRequest: (req, context) => {
        const guest = guests[next++ % guests.length] as Guest;
        context.guest = guest;
        return {
          ...req,
          headers: jsonHeaders(guest, guest.token),
          body: graphqlBody(REQUEST_UPLOADS, { projectId: guest.projectId, files: [photoFile] }),
        };
      },
      onResponse: (_status, body, context) => {
        const slot = (JSON.parse(body) as { data?: { requestPhotoUploads?: { slots: UploadSlot[] } } }).data
          ?.requestPhotoUploads?.slots[0];
        context.slot = slot;
      },
    },
    {
      method: 'PUT',
      setupRequest: (req, context) => {
        const slot = context.slot as UploadSlot | undefined;
        // autocannon keeps one connection to the target: storage on another origin is not driven here.
        if (!slot || storageOrigin(slot.url) !== target) return undefined;
        const url = new URL(slot.url, target);
        return {
          ...req,
          path: url.pathname + url.search,
          headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
          body: PHOTO,
        };
      },
    },
    {
      method: 'POST',
      path: '/graphql',
      setupRequest: (req, context) => {
        const guest = context.guest as Guest;
        const slot = context.slot as UploadSlot;
        return {
          ...req,
          headers: jsonHeaders(guest, guest.token),
          body: graphqlBody(COMPLETE_UPLOADS, { projectId: guest.projectId, uploadIds: [slot.uploadId] }),
        };
      },
      onResponse: (_status, body, context) => {
        const results = (
          JSON.parse(body) as { data?: { completePhotoUploads?: { photo: { id: string } | null }[] } }
        ).data?.completePhotoUploads;
        context.photoId = results?.[0]?.photo?.id;
      },
    },
    {
      method: 'POST',
      path: '/graphql',
      setupRequest: (req, context) => {
        const guest = context.guest as Guest;
        if (!context.photoId) return undefined;
        return {
          ...req,
          headers: jsonHeaders(guest, guest.token),
          body: graphqlBody(
            'mutation DeletePhotos($projectId: ID!, $ids: [ID!]!) { deletePhotos(projectId: $projectId, ids: $ids) }',
            {
              projectId: guest.projectId,
              ids: [context.photoId],
            },
          ),
        };
      },
    },
  ]);
}

async function projects(): Promise<JourneyResult> {
  // One signed-in guest per connection, each with a project holding a photo (the cards sign its thumbnail).
  const guests = await setUp(connections, async () => {
    const guest = await guestWithProject(target);
    await uploadPhoto(guest, PHOTO, photoFile.name);
    return guest;
  });
  let next = 0;
  const query = graphqlBody(
    'query Projects { projects { id name product createdAt updatedAt videoSettings { durationPerPhoto } photos { id url } photoCount } }',
  );
  return run([
    {
      method: 'POST',
      path: '/graphql',
      setupRequest: (req, context) => {
        context.guest ??= guests[next++ % guests.length];
        const guest = context.guest as Guest;
        return { ...req, headers: jsonHeaders(guest, guest.token), body: query };
      },
    },
  ]);
}

async function viewer(): Promise<JourneyResult> {
  const owner = await guestWithProject(target);
  await uploadPhoto(owner, PHOTO, photoFile.name);
  const id = await createShare(owner, { shareTitle: 'Load test', showViewCount: true });
  return run(
    [
      { method: 'GET', path: `/v/${id}`, headers: { accept: 'text/html' } },
      {
        method: 'POST',
        path: '/graphql',
        headers: jsonHeaders(anyone),
        body: graphqlBody(
          'query SharedVideo($id: ID!) { sharedVideo(id: $id) { id name shareTitle author message showViewCount viewCount videoSettings { durationPerPhoto width height } photos { id url width height } videoUrl } }',
          { id },
        ),
      },
      {
        method: 'POST',
        path: '/graphql',
        headers: jsonHeaders(anyone),
        body: graphqlBody(
          'mutation RecordShareView($id: ID!) { recordShareView(id: $id) { counted viewCount } }',
          {
            id,
          },
        ),
      },
    ]
      .map((step): Step => step)
      .map(asVisitor),
  );
}

const available: Record<string, () => Promise<JourneyResult>> = { landing, upload, projects, viewer };

try {
  // /health/ready is on the ops port; the public one answers /health/live.
  const live = await fetch(`${target}/health/live`).catch(() => null);
  if (!live?.ok) throw new Error(`${target} is not ready (start it with npm start)`);
  const results: Record<string, JourneyResult | { error: string }> = {};
  for (const journey of journeys) {
    const runJourney = available[journey];
    if (!runJourney) throw new Error(`unknown journey ${journey} (${Object.keys(available).join(', ')})`);
    results[journey] = await runJourney().catch((error: unknown) => ({ error: String(error) }));
  }
  console.log(JSON.stringify({ target, connections, durationSeconds, journeys: results }, null, 2));
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
