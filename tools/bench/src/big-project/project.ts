/**
 * The big project, made through the public API as a person's browser makes it: a guest session
 * started in the bench's Chromium (so the SPA is signed in as the same guest), the first project,
 * Cherish bought with a signed Stripe webhook (`checkout.session.completed`, as e2e and the soak
 * deliver it), the photos sent by the SPA's own upload code (`uploadPhotos` of step 1, a drop of at
 * most MAX_UPLOAD_FILES at a time) over GraphQL and presigned PUTs, a zoom on every photo (step 4's
 * motion) and music laid out on the timeline as step 6 adds it.
 */
import { openAsBlob } from 'node:fs';
import { MAX_UPLOAD_FILES } from '@memoreel/contracts';
import { addToTimeline, type TimelineTrack } from '@memoreel/domain';
import { checkoutCompletedPayload, solveBotCheck, stripeSignature } from '@memoreel/testing';
import type { Page } from 'puppeteer-core';
import {
  type UploadTransport,
  uploadPhotos,
} from '../../../../apps/web/src/features/photos/upload-photos.js';
import { photoName } from './photos.js';
import { WEBHOOK_SECRET } from './server.js';

/** Access tokens last ten minutes: renewed through the browser's refresh cookie after five. */
const TOKEN_MAX_AGE_MS = 5 * 60_000;
const POLL_MS = 1_000;
const TRANSFORM = 'scale translateX translateY rotate';
/** The zoom every photo gets (centred, 1 → 1.4), which the ffmpeg baseline copies. */
export const PHOTO_ZOOM = { from: 1, to: 1.4 };

export interface StoredPhoto {
  id: string;
  originalName: string;
  displayOrder: number;
  urls: { grid: string; video: string | null } | null;
  subjects: { kind: string } | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The guest's API: GraphQL with its access token, renewed through the page's cookies. */
export class GuestApi {
  private token = '';
  private tokenAt = 0;
  userId = '';

  /** `page`: a tab on the app's origin that holds the guest's cookies. */
  constructor(
    readonly target: string,
    private readonly page: Page,
  ) {}

  /** A guest session started from the page (its cookies are the SPA's), as the browser starts one. */
  async signInAsGuest(): Promise<void> {
    const challenge = await (await fetch(`${this.target}/auth/v1/bot-check/challenge`)).json();
    const botCheck = await solveBotCheck(challenge);
    const session = await this.page.evaluate(
      `fetch('/auth/v1/anonymous', { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ botCheck: ${JSON.stringify(botCheck)} }) }).then((r) => r.json())`,
    );
    this.keep(session as { accessToken?: string; user?: { id: string } });
    await this.page.evaluate(`localStorage.setItem('anonymousUserId', ${JSON.stringify(this.userId)})`);
  }

  private keep(session: { accessToken?: string; user?: { id: string } }): void {
    if (!session.accessToken) throw new Error(`no guest session: ${JSON.stringify(session)}`);
    this.token = session.accessToken;
    this.tokenAt = Date.now();
    const payload = JSON.parse(Buffer.from(this.token.split('.')[1] ?? '', 'base64url').toString());
    this.userId = (payload as { sub: string }).sub;
  }

  private async freshToken(): Promise<string> {
    if (Date.now() - this.tokenAt > TOKEN_MAX_AGE_MS) {
      this.keep(
        (await this.page.evaluate(
          `fetch('/auth/v1/token?grant_type=refresh_token', { method: 'POST',
            headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json())`,
        )) as { accessToken?: string },
      );
    }
    return this.token;
  }

  /** One operation; waits out the gateway's request budget (RATE_LIMITED) rather than failing. */
  async gql<T>(query: string, variables: object = {}): Promise<T> {
    for (;;) {
      const response = await fetch(`${this.target}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json',
          origin: this.target,
          authorization: `Bearer ${await this.freshToken()}`,
        },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as {
        data?: T;
        errors?: { message: string; extensions?: { code?: string; retryAfterSeconds?: number } }[];
      };
      const error = body.errors?.[0];
      if (error?.extensions?.code === 'RATE_LIMITED' || response.status === 429) {
        await sleep((error?.extensions?.retryAfterSeconds ?? 1) * 1000);
        continue;
      }
      if (!body.data || error) throw new Error(`${query.slice(0, 60)}…: ${JSON.stringify(body.errors)}`);
      return body.data;
    }
  }

  async photos(projectId: string): Promise<StoredPhoto[]> {
    const { photos } = await this.gql<{ photos: StoredPhoto[] }>(
      'query ($projectId: ID!) { photos(projectId: $projectId) { id originalName displayOrder urls { grid video } subjects { kind } } }',
      { projectId },
    );
    return [...photos].sort((a, b) => a.displayOrder - b.displayOrder);
  }
}

/** The guest's first project, raised to Cherish by Stripe's signed webhook; answers its id once the tier has arrived. */
export async function cherishProject(api: GuestApi): Promise<string> {
  const { createInitialProject } = await api.gql<{ createInitialProject: { project: { id: string } } }>(
    'mutation { createInitialProject { project { id } } }',
  );
  const projectId = createInitialProject.project.id;
  const body = checkoutCompletedPayload({
    projectId,
    userId: api.userId,
    productId: 'cherish',
    amountTotal: 5900,
  });
  const delivered = await fetch(`${api.target}/billing/v1/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(body, WEBHOOK_SECRET),
    },
    body,
  });
  if (!delivered.ok) throw new Error(`Stripe webhook: ${delivered.status} ${await delivered.text()}`);
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(POLL_MS)) {
    const { photoQuota } = await api.gql<{ photoQuota: { limit: number } }>(
      'query ($projectId: ID!) { photoQuota(projectId: $projectId) { limit } }',
      { projectId },
    );
    if (photoQuota.limit >= 400) return projectId;
  }
  throw new Error('the project never reached Cherish (photo limit 400)');
}

/** Step 1's upload code over GraphQL and presigned PUTs: the transport a browser gives it. */
function graphqlTransport(api: GuestApi): UploadTransport {
  return {
    request: async (projectId, files) =>
      (
        await api.gql<{ requestPhotoUploads: Awaited<ReturnType<UploadTransport['request']>> }>(
          'mutation ($projectId: ID!, $files: [PhotoUploadFileInput!]!) { requestPhotoUploads(projectId: $projectId, files: $files) { slots { uploadId fileIndex url headers { name value } } skipped quota { count limit remaining } } }',
          { projectId, files },
        )
      ).requestPhotoUploads,
    put: async (slot, file, onProgress) => {
      const response = await fetch(new URL(slot.url, api.target), {
        method: 'PUT',
        headers: Object.fromEntries(slot.headers.map(({ name, value }) => [name, value])),
        body: file,
      });
      if (!response.ok) throw new Error(`PUT answered ${response.status}`);
      onProgress(1);
    },
    complete: async (projectId, uploadIds) =>
      (
        await api.gql<{ completePhotoUploads: Awaited<ReturnType<UploadTransport['complete']>> }>(
          'mutation ($projectId: ID!, $uploadIds: [ID!]!) { completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { uploadId error photo { id } } }',
          { projectId, uploadIds },
        )
      ).completePhotoUploads,
  };
}

/**
 * Uploads the photos a drop at a time; answers how long the uploads took and when every photo had
 * its thumbnails, its 1920-px video derivative and its subjects (media's jobs after an upload).
 */
export async function uploadAll(api: GuestApi, projectId: string, paths: string[]) {
  const started = performance.now();
  for (let at = 0; at < paths.length; at += MAX_UPLOAD_FILES) {
    const drop = await Promise.all(
      paths
        .slice(at, at + MAX_UPLOAD_FILES)
        .map(
          async (path, i) => new File([await openAsBlob(path)], photoName(at + i), { type: 'image/jpeg' }),
        ),
    );
    const summary = await uploadPhotos(projectId, drop, graphqlTransport(api), () => {});
    if (summary.uploaded.length !== drop.length)
      throw new Error(
        `only ${summary.uploaded.length} of ${drop.length} stored: ${JSON.stringify(summary.failed.slice(0, 3))}`,
      );
  }
  const uploadedMs = performance.now() - started;
  let thumbnailsMs: number | null = null;
  for (const deadline = Date.now() + 60 * 60_000; ; await sleep(POLL_MS)) {
    const photos = await api.photos(projectId);
    if (thumbnailsMs === null && photos.every((photo) => photo.urls))
      thumbnailsMs = performance.now() - started;
    if (photos.every((photo) => photo.urls?.video && photo.subjects)) break;
    if (Date.now() > deadline) throw new Error('the photos were not all processed within an hour');
  }
  return {
    uploadSeconds: round(uploadedMs / 1000),
    thumbnailsReadySeconds: round((thumbnailsMs ?? 0) / 1000),
    allProcessedSeconds: round((performance.now() - started) / 1000),
  };
}

/** A centred zoom on every photo, as step 4 saves one (a few requests at a time). */
export async function zoomEveryPhoto(api: GuestApi, projectId: string): Promise<void> {
  const photos = await api.photos(projectId);
  const pose = (scale: number) => ({ scale, translateX: 0, translateY: 0, rotate: 0 });
  let next = 0;
  const saver = async () => {
    for (let at = next++; at < photos.length; at = next++) {
      await api.gql(
        `mutation ($id: ID!, $transforms: PhotoTransformsInput!) { setPhotoTransforms(id: $id, transforms: $transforms) { id transforms { end { ${TRANSFORM} } } } }`,
        { id: photos[at]!.id, transforms: { start: pose(PHOTO_ZOOM.from), end: pose(PHOTO_ZOOM.to) } },
      );
    }
  };
  await Promise.all(Array.from({ length: 4 }, saver));
}

/** Public tracks added one after another until the music fills the video, as step 6's "add" does. */
export async function fillMusicTimeline(api: GuestApi, projectId: string, videoSeconds: number) {
  const { publicMusicTracks } = await api.gql<{
    publicMusicTracks: { id: string; title: string; artist: string | null; duration: number; url: string }[];
  }>('query { publicMusicTracks { id title artist duration url } }');
  if (publicMusicTracks.length === 0) throw new Error('no public music tracks (MUSIC_SEED_ON_START)');
  let timeline: TimelineTrack[] = [];
  for (let i = 0; ; i++) {
    const track = publicMusicTracks[i % publicMusicTracks.length]!;
    // The object key the signed URL points at, as step 6 keeps it (storagePathOfTrackUrl).
    const storagePath = decodeURIComponent(new URL(track.url, api.target).pathname.split('/').pop() ?? '');
    const added = addToTimeline(
      timeline,
      { ...track, storage_path: storagePath },
      videoSeconds,
      `bench-${i}`,
    );
    if (added.kind === 'full') break;
    timeline = added.timeline;
  }
  await api.gql(
    'mutation ($id: ID!, $settings: VideoSettingsInput!) { updateVideoSettings(id: $id, settings: $settings) { id } }',
    { id: projectId, settings: { music: { timelineTracks: timeline } } },
  );
  return timeline.length;
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits));
