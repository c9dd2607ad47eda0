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
import { createHash } from 'node:crypto';
import autocannon, { type Request } from 'autocannon';

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

/** A client address per virtual visitor (10.x.y.z), so per-address budgets meter visitors, not the run. */
let addresses = 0;
const nextAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

const jsonHeaders = (address: string, token?: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/graphql-response+json, application/json',
  origin: target,
  'x-forwarded-for': address,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

const graphqlBody = (query: string, variables: object = {}) => JSON.stringify({ query, variables });

/** One GraphQL call from Node (setting the run up), failing loudly. */
async function graphql<T>(address: string, query: string, variables: object, token?: string): Promise<T> {
  const response = await fetch(`${target}/graphql`, {
    method: 'POST',
    headers: jsonHeaders(address, token),
    body: graphqlBody(query, variables),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data || body.errors?.length)
    throw new Error(`${query.slice(0, 60)}…: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A guest session: the ALTCHA proof of work solved here (SHA-256 over salt + n), then /auth/v1/anonymous. */
async function startGuest(address: string): Promise<string> {
  const challenge = (await (
    await fetch(`${target}/auth/v1/bot-check/challenge`, { headers: { 'x-forwarded-for': address } })
  ).json()) as { algorithm: string; challenge: string; maxnumber?: number; salt: string };
  let number = 0;
  for (; number <= (challenge.maxnumber ?? 1_000_000); number += 1)
    if (
      createHash('sha256')
        .update(challenge.salt + number)
        .digest('hex') === challenge.challenge
    )
      break;
  const botCheck = Buffer.from(JSON.stringify({ ...challenge, number })).toString('base64');
  const response = await fetch(`${target}/auth/v1/anonymous`, {
    method: 'POST',
    headers: jsonHeaders(address),
    body: JSON.stringify({ botCheck }),
  });
  const session = (await response.json()) as { accessToken?: string };
  if (!session.accessToken) throw new Error(`guest session: ${response.status} ${JSON.stringify(session)}`);
  return session.accessToken;
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

interface Guest {
  address: string;
  token: string;
  projectId: string;
}

async function guestWithProject(): Promise<Guest> {
  const address = nextAddress();
  const token = await startGuest(address);
  const { createInitialProject } = await graphql<{ createInitialProject: { project: { id: string } } }>(
    address,
    'mutation { createInitialProject { project { id } } }',
    {},
    token,
  );
  return { address, token, projectId: createInitialProject.project.id };
}

const REQUEST_UPLOADS =
  'mutation RequestPhotoUploads($projectId: ID!, $files: [PhotoUploadFileInput!]!) { requestPhotoUploads(projectId: $projectId, files: $files) { skipped slots { uploadId url headers { name value } } } }';
const COMPLETE_UPLOADS =
  'mutation CompletePhotoUploads($projectId: ID!, $uploadIds: [ID!]!) { completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { uploadId error photo { id } } }';
const photoFile = { name: 'load.jpg', size: PHOTO.length, contentType: 'image/jpeg' };

interface Slot {
  uploadId: string;
  url: string;
  headers: { name: string; value: string }[];
}

/** Uploads one photo from Node (for the viewer's share). */
async function uploadPhoto(guest: Guest): Promise<void> {
  const { requestPhotoUploads } = await graphql<{ requestPhotoUploads: { slots: Slot[] } }>(
    guest.address,
    REQUEST_UPLOADS,
    { projectId: guest.projectId, files: [photoFile] },
    guest.token,
  );
  const slot = requestPhotoUploads.slots[0];
  if (!slot) throw new Error('no upload slot');
  const put = await fetch(slot.url, {
    method: 'PUT',
    headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
    body: PHOTO,
  });
  if (!put.ok) throw new Error(`photo PUT: ${put.status}`);
  await graphql(
    guest.address,
    COMPLETE_UPLOADS,
    { projectId: guest.projectId, uploadIds: [slot.uploadId] },
    guest.token,
  );
}

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number);

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
        latencies.sort((a, b) => a - b);
        const non2xx = Object.entries(statusCodes)
          .filter(([code]) => !code.startsWith('2'))
          .reduce((sum, [, count]) => sum + count, 0);
        resolve({
          requests: latencies.length,
          throughputPerSecond: Math.round((latencies.length / durationSeconds) * 10) / 10,
          latencyMs: {
            p50: percentile(latencies, 0.5),
            p95: percentile(latencies, 0.95),
            p99: percentile(latencies, 0.99),
            max: latencies.at(-1) ?? 0,
          },
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
    context.address ??= nextAddress();
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
        headers: jsonHeaders(''),
        body: graphqlBody('query ProductPrices { productPrices { productId priceCents } }'),
      },
    ]
      .map((step): Step => step)
      .map(asVisitor),
  );
}

async function upload(): Promise<JourneyResult> {
  // One guest and project per connection (auth allows 30 guests an hour per address: each has its own).
  const guests = await setUp(connections, guestWithProject);
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
          headers: jsonHeaders(guest.address, guest.token),
          body: graphqlBody(REQUEST_UPLOADS, { projectId: guest.projectId, files: [photoFile] }),
        };
      },
      onResponse: (_status, body, context) => {
        const slot = (JSON.parse(body) as { data?: { requestPhotoUploads?: { slots: Slot[] } } }).data
          ?.requestPhotoUploads?.slots[0];
        context.slot = slot;
      },
    },
    {
      method: 'PUT',
      setupRequest: (req, context) => {
        const slot = context.slot as Slot | undefined;
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
        const slot = context.slot as Slot;
        return {
          ...req,
          headers: jsonHeaders(guest.address, guest.token),
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
          headers: jsonHeaders(guest.address, guest.token),
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
    const guest = await guestWithProject();
    await uploadPhoto(guest);
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
        return { ...req, headers: jsonHeaders(guest.address, guest.token), body: query };
      },
    },
  ]);
}

async function viewer(): Promise<JourneyResult> {
  const owner = await guestWithProject();
  await uploadPhoto(owner);
  const { createShare } = await graphql<{ createShare: { id: string } }>(
    owner.address,
    'mutation CreateShare($projectId: ID!, $settings: ShareSettingsInput!) { createShare(projectId: $projectId, settings: $settings) { id } }',
    { projectId: owner.projectId, settings: { shareTitle: 'Load test', showViewCount: true } },
    owner.token,
  );
  const id = createShare.id;
  return run(
    [
      { method: 'GET', path: `/v/${id}`, headers: { accept: 'text/html' } },
      {
        method: 'POST',
        path: '/graphql',
        headers: jsonHeaders(''),
        body: graphqlBody(
          'query SharedVideo($id: ID!) { sharedVideo(id: $id) { id name shareTitle author message showViewCount viewCount videoSettings { durationPerPhoto width height } photos { id url width height } videoUrl } }',
          { id },
        ),
      },
      {
        method: 'POST',
        path: '/graphql',
        headers: jsonHeaders(''),
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
  const live = await fetch(`${target}/health/ready`).catch(() => null);
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
