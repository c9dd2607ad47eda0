/**
 * The soak's visitors (tools/bench soak): makers uploading, editing, previewing and sharing; viewers
 * of their shares; friends ringing an owner's bell through a friend link; a few renders on projects
 * raised above the free tier by a signed Stripe webhook (as deploy/podman/make-video.mjs does).
 * Every call is timed per journey; failures are counted by kind, 429s apart.
 */
import { checkoutCompletedPayload, stripeSignature } from '@memoreel/testing';
import sharp from 'sharp';
import {
  COMPLETE_UPLOADS,
  type Guest,
  graphqlBody,
  jsonHeaders,
  newVisitor,
  REQUEST_UPLOADS,
  solvedBotCheck,
  type UploadSlot,
  type Visitor,
} from './visitor.js';

/** A failed call, with the kind it is counted under (`http 502`, `graphql NOT_FOUND`, `network`). */
class CallFailed extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

export class SoakStats {
  private readonly latencies = new Map<string, number[]>();
  readonly errors: Record<string, number> = {};
  readonly samples: Record<string, string> = {};
  rateLimited = 0;

  /** Times `work` as one `journey`; a failure is counted, never thrown (the visitor carries on). */
  async time<T>(journey: string, work: () => Promise<T>): Promise<T | undefined> {
    const started = performance.now();
    try {
      const result = await work();
      const list = this.latencies.get(journey) ?? [];
      list.push(performance.now() - started);
      this.latencies.set(journey, list);
      return result;
    } catch (error) {
      const kind = error instanceof CallFailed ? error.kind : 'exception';
      if (kind === 'http 429' || kind === 'graphql RATE_LIMITED') this.rateLimited += 1;
      else {
        const key = `${journey}: ${kind}`;
        this.errors[key] = (this.errors[key] ?? 0) + 1;
        this.samples[key] ??= String((error as Error).message).slice(0, 300);
      }
      return undefined;
    }
  }

  journeys(): Record<string, { count: number; p50Ms: number; p95Ms: number; maxMs: number }> {
    const result: Record<string, { count: number; p50Ms: number; p95Ms: number; maxMs: number }> = {};
    for (const [journey, list] of [...this.latencies].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...list].sort((a, b) => a - b);
      const at = (q: number) =>
        Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
      result[journey] = { count: sorted.length, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
    }
    return result;
  }
}

async function call(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  } catch (error) {
    const kind = (error as Error).name === 'TimeoutError' ? 'timeout' : 'network';
    throw new CallFailed(kind, `${init.method ?? 'GET'} ${url}: ${String(error)}`);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new CallFailed(`http ${response.status}`, `${init.method ?? 'GET'} ${url}: ${text.slice(0, 200)}`);
  }
  return response;
}

/** A GraphQL call whose errors become `graphql <code>` failures. */
export async function gql<T>(
  visitor: Visitor,
  query: string,
  variables: object = {},
  token?: string,
): Promise<T> {
  const response = await call(`${visitor.target}/graphql`, {
    method: 'POST',
    headers: jsonHeaders(visitor, token),
    body: graphqlBody(query, variables),
  });
  const body = (await response.json()) as {
    data?: T;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
  const first = body.errors?.[0];
  if (first || !body.data)
    throw new CallFailed(
      `graphql ${first?.extensions?.code ?? 'NO_DATA'}`,
      `${query.slice(0, 60)}: ${first?.message}`,
    );
  return body.data;
}

/** A soak guest: its access token, and the refresh cookie the SPA's browser would keep. */
export interface SoakGuest extends Guest {
  userId: string;
  refreshCookie: string;
  tokenAt: number;
}

/** The `memoreel-refresh` cookie a response sets (name=value), if it sets one. */
function refreshCookieOf(response: Response): string {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('memoreel-refresh='));
  return line?.split(';')[0] ?? '';
}

/** A guest with a first project, made as the SPA does. */
export async function newGuest(target: string): Promise<SoakGuest> {
  const visitor = newVisitor(target);
  const response = await call(`${target}/auth/v1/anonymous`, {
    method: 'POST',
    headers: jsonHeaders(visitor),
    body: JSON.stringify({ botCheck: await solvedBotCheck(visitor) }),
  });
  const token = ((await response.json()) as { accessToken: string }).accessToken;
  const userId = (
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }
  ).sub;
  const { createInitialProject } = await gql<{ createInitialProject: { project: { id: string } } }>(
    visitor,
    'mutation { createInitialProject { project { id } } }',
    {},
    token,
  );
  return {
    ...visitor,
    token,
    userId,
    projectId: createInitialProject.project.id,
    refreshCookie: refreshCookieOf(response),
    tokenAt: Date.now(),
  };
}

/** Access tokens last ten minutes: a guest who stays longer refreshes as the SPA does, with its cookie. */
const REFRESH_AFTER_MS = 5 * 60_000;

/** Renews `guest`'s access token (and the rotated refresh cookie) once it is older than five minutes. */
export async function keepSignedIn(guest: SoakGuest): Promise<void> {
  if (Date.now() - guest.tokenAt < REFRESH_AFTER_MS) return;
  const response = await call(`${guest.target}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { ...jsonHeaders(guest), cookie: guest.refreshCookie },
    body: '{}',
  });
  guest.token = ((await response.json()) as { accessToken: string }).accessToken;
  guest.refreshCookie = refreshCookieOf(response) || guest.refreshCookie;
  guest.tokenAt = Date.now();
}

/** 1280×960 JPEGs of a few colours: media decodes and thumbnails each as it would a phone's. */
export async function photoSet(count = 6): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp({
        create: { width: 1280, height: 960, channels: 3, background: { r: 40 * i, g: 120, b: 255 - 40 * i } },
      })
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
}

async function put(slot: UploadSlot, jpeg: Buffer): Promise<void> {
  await call(slot.url, {
    method: 'PUT',
    headers: Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
    body: jpeg,
  });
}

/** requestPhotoUploads → PUT → completePhotoUploads; the photo's id. */
export async function upload(guest: Guest, jpeg: Buffer): Promise<string> {
  const { requestPhotoUploads } = await gql<{ requestPhotoUploads: { slots: UploadSlot[] } }>(
    guest,
    REQUEST_UPLOADS,
    {
      projectId: guest.projectId,
      files: [{ name: 'soak.jpg', size: jpeg.length, contentType: 'image/jpeg' }],
    },
    guest.token,
  );
  const slot = requestPhotoUploads.slots[0];
  if (!slot) throw new CallFailed('no slot', 'requestPhotoUploads gave no slot');
  await put(slot, jpeg);
  const { completePhotoUploads } = await gql<{
    completePhotoUploads: { error: string | null; photo: { id: string } | null }[];
  }>(guest, COMPLETE_UPLOADS, { projectId: guest.projectId, uploadIds: [slot.uploadId] }, guest.token);
  const photo = completePhotoUploads[0]?.photo;
  if (!photo) throw new CallFailed('upload refused', String(completePhotoUploads[0]?.error));
  return photo.id;
}

export const deletePhotos = (guest: Guest, ids: string[]) =>
  gql(
    guest,
    'mutation ($projectId: ID!, $ids: [ID!]!) { deletePhotos(projectId: $projectId, ids: $ids) }',
    { projectId: guest.projectId, ids },
    guest.token,
  );

const FILTERS = ['none', 'grayscale', 'sepia', 'vintage', 'warm', 'cool', 'dramatic', 'bright'];
const TRANSFORM = 'scale translateX translateY rotate';

/** A filter or a Ken Burns change on one photo, as the editor saves it. */
export function edit(guest: Guest, photoId: string, step: number) {
  if (step % 2 === 0)
    return gql(
      guest,
      'mutation ($id: ID!, $filter: String!) { setPhotoFilter(id: $id, filter: $filter) { id filter } }',
      { id: photoId, filter: FILTERS[step % FILTERS.length] },
      guest.token,
    );
  const zoom = 1 + (step % 5) / 10;
  return gql(
    guest,
    `mutation ($id: ID!, $transforms: PhotoTransformsInput!) { setPhotoTransforms(id: $id, transforms: $transforms) { id transforms { end { ${TRANSFORM} } } } }`,
    {
      id: photoId,
      transforms: {
        start: { scale: 1, translateX: 0, translateY: 0, rotate: 0 },
        end: { scale: zoom, translateX: 0.05, translateY: -0.05, rotate: 0 },
      },
    },
    guest.token,
  );
}

/** What step 6 (the preview) loads: the settings, the photos with their URLs, the public music. */
export async function preview(guest: Guest): Promise<void> {
  await Promise.all([
    gql(
      guest,
      'query ($id: ID!) { project(id: $id) { id videoSettings { durationPerPhoto transition width height music { type selection } } } }',
      { id: guest.projectId },
      guest.token,
    ),
    gql(
      guest,
      `query ($projectId: ID!) { photos(projectId: $projectId) { id filter width height transforms { start { ${TRANSFORM} } end { ${TRANSFORM} } } urls { grid strip carousel full } } }`,
      { projectId: guest.projectId },
      guest.token,
    ),
    gql(guest, 'query { publicMusicTracks { id title duration url } }', {}, guest.token),
  ]);
}

export async function shareProject(guest: Guest, title: string): Promise<string> {
  const { createShare } = await gql<{ createShare: { id: string } }>(
    guest,
    'mutation ($projectId: ID!, $settings: ShareSettingsInput!) { createShare(projectId: $projectId, settings: $settings) { id } }',
    { projectId: guest.projectId, settings: { shareTitle: title, showViewCount: true } },
    guest.token,
  );
  return createShare.id;
}

export const updateShare = (guest: Guest, shareId: string, title: string) =>
  gql(
    guest,
    'mutation ($id: ID!, $settings: ShareSettingsInput!) { updateShare(id: $id, settings: $settings) { id } }',
    { id: shareId, settings: { shareTitle: title, showViewCount: true } },
    guest.token,
  );

/** A visitor of a share: the page, the SharedVideo query, the counted view. */
export async function view(target: string, shareId: string): Promise<void> {
  const visitor = newVisitor(target);
  await (
    await call(`${target}/v/${shareId}`, {
      headers: { accept: 'text/html', 'x-forwarded-for': visitor.address },
    })
  ).text();
  await gql(
    visitor,
    'query ($id: ID!) { sharedVideo(id: $id) { id shareTitle viewCount videoSettings { durationPerPhoto } photos { id url } videoUrl } }',
    { id: shareId },
  );
  await gql(visitor, 'mutation ($id: ID!) { recordShareView(id: $id) { counted viewCount } }', {
    id: shareId,
  });
}

/** An owner's friend link, and a friend's photo through it; the owner's bell query, then a reject. */
export async function friendLink(owner: Guest): Promise<string> {
  const { createFriendLink } = await gql<{ createFriendLink: { id: string } }>(
    owner,
    'mutation ($input: CreateFriendLinkInput!) { createFriendLink(input: $input) { id } }',
    { input: { projectId: owner.projectId } },
    owner.token,
  );
  return createFriendLink.id;
}

export async function friendUpload(friend: Guest, owner: Guest, linkId: string, jpeg: Buffer): Promise<void> {
  const { requestFriendPhotoUploads } = await gql<{ requestFriendPhotoUploads: { slots: UploadSlot[] } }>(
    friend,
    'mutation ($linkId: ID!, $projectId: ID!, $files: [PhotoUploadFileInput!]!) { requestFriendPhotoUploads(linkId: $linkId, projectId: $projectId, files: $files) { slots { uploadId url headers { name value } } } }',
    {
      linkId,
      projectId: owner.projectId,
      files: [{ name: 'friend.jpg', size: jpeg.length, contentType: 'image/jpeg' }],
    },
    friend.token,
  );
  const slot = requestFriendPhotoUploads.slots[0];
  if (!slot) throw new CallFailed('no slot', 'requestFriendPhotoUploads gave no slot');
  await put(slot, jpeg);
  const { completeFriendPhotoUploads } = await gql<{
    completeFriendPhotoUploads: { accepted: boolean; error: string | null }[];
  }>(
    friend,
    'mutation ($linkId: ID!, $projectId: ID!, $uploadIds: [ID!]!) { completeFriendPhotoUploads(linkId: $linkId, projectId: $projectId, uploadIds: $uploadIds) { accepted error } }',
    { linkId, projectId: owner.projectId, uploadIds: [slot.uploadId] },
    friend.token,
  );
  if (!completeFriendPhotoUploads[0]?.accepted)
    throw new CallFailed('friend upload refused', String(completeFriendPhotoUploads[0]?.error));
}

/** The owner's bell: the pending photos (they arrive through media's outbox), then rejected. */
export async function ringBell(owner: Guest): Promise<number> {
  const { pendingPhotos } = await gql<{ pendingPhotos: { id: string }[] }>(
    owner,
    'query ($projectId: ID!) { pendingPhotos(projectId: $projectId) { id } }',
    { projectId: owner.projectId },
    owner.token,
  );
  if (pendingPhotos.length > 0)
    await gql(
      owner,
      'mutation ($projectId: ID!, $ids: [ID!]!) { rejectPendingPhotos(projectId: $projectId, ids: $ids) }',
      { projectId: owner.projectId, ids: pendingPhotos.map((photo) => photo.id) },
      owner.token,
    );
  return pendingPhotos.length;
}

/** The project raised to `honor` as Stripe's signed checkout webhook does it. */
export async function upgrade(owner: Guest & { userId: string }, webhookSecret: string): Promise<void> {
  const body = checkoutCompletedPayload({
    projectId: owner.projectId,
    userId: owner.userId,
    productId: 'honor',
    amountTotal: 3900,
  });
  await call(`${owner.target}/billing/v1/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(body, webhookSecret) },
    body,
  });
}

/** startRender (retried while the upgrade travels), progress polled every 2 s, the MP4 fetched. */
export async function render(owner: Guest, timeoutMs = 600_000): Promise<number> {
  const start = 'mutation ($projectId: ID!) { startRender(projectId: $projectId) { renderId } }';
  let renderId: string | undefined;
  for (const deadline = Date.now() + 60_000; !renderId; ) {
    try {
      renderId = (
        await gql<{ startRender: { renderId: string } }>(
          owner,
          start,
          { projectId: owner.projectId },
          owner.token,
        )
      ).startRender.renderId;
    } catch (error) {
      // The tier reaches render a moment after billing has taken the webhook.
      if (Date.now() > deadline || !(error instanceof CallFailed && error.kind.includes('UPGRADE')))
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const { renderProgress } = await gql<{
      renderProgress: { status: string; error: string | null; downloadUrl: string | null };
    }>(
      owner,
      'query ($renderId: ID!) { renderProgress(renderId: $renderId) { status error downloadUrl } }',
      { renderId },
      owner.token,
    );
    if (renderProgress.status === 'failed')
      throw new CallFailed('render failed', String(renderProgress.error));
    if (renderProgress.status === 'completed' && renderProgress.downloadUrl) {
      const video = await call(new URL(renderProgress.downloadUrl, owner.target).toString(), {});
      return (await video.arrayBuffer()).byteLength;
    }
  }
  throw new CallFailed('render timeout', `render ${renderId} not done in ${timeoutMs} ms`);
}
