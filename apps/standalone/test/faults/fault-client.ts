/**
 * What a user does through the gateway of the distributed stack, for the fault suite: a guest with a
 * project, photo uploads (request, PUT to S3, complete), the project raised to honor by a signed
 * Stripe webhook, renders polled to their end, and live GraphQL subscriptions.
 */
import { checkoutCompletedPayload, solveBotCheck, stripeSignature } from '@memoreel/testing';
import { type Client, createClient } from 'graphql-ws';
import sharp from 'sharp';
import WebSocket from 'ws';
import type { UploadResult, UploadSlot } from '../photo-uploads.js';

export const WEBHOOK_SECRET = 'whsec_faults';

export interface Guest {
  gatewayUrl: string;
  token: string;
  userId: string;
  projectId: string;
}

export class GraphqlError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

const headers = (gatewayUrl: string, token?: string) => ({
  'content-type': 'application/json',
  origin: gatewayUrl,
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/** One GraphQL call; errors (and a gateway that does not answer) throw. */
export async function gql<T>(
  gatewayUrl: string,
  token: string | undefined,
  query: string,
  variables: object = {},
  timeoutMs = 60_000,
): Promise<T> {
  const response = await fetch(`${gatewayUrl}/graphql`, {
    method: 'POST',
    headers: headers(gatewayUrl, token),
    body: JSON.stringify({ query, variables }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let body: { data?: T; errors?: { message: string; extensions?: { code?: string } }[] };
  try {
    body = JSON.parse(text);
  } catch {
    throw new GraphqlError(`${response.status}: ${text.slice(0, 200)}`, `HTTP_${response.status}`);
  }
  const first = body.errors?.[0];
  if (first || !body.data)
    throw new GraphqlError(`${query.slice(0, 60)}: ${first?.message}`, first?.extensions?.code);
  return body.data;
}

/** A guest session with the first project every newcomer gets. */
export async function newGuest(gatewayUrl: string): Promise<Guest> {
  const challenge = await (await fetch(`${gatewayUrl}/auth/v1/bot-check/challenge`)).json();
  const session = await fetch(`${gatewayUrl}/auth/v1/anonymous`, {
    method: 'POST',
    headers: headers(gatewayUrl),
    body: JSON.stringify({ botCheck: await solveBotCheck(challenge) }),
  });
  const token = ((await session.json()) as { accessToken: string }).accessToken;
  const userId = (
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }
  ).sub;
  const { createInitialProject } = await gql<{ createInitialProject: { project: { id: string } } }>(
    gatewayUrl,
    token,
    'mutation { createInitialProject { project { id } } }',
  );
  return { gatewayUrl, token, userId, projectId: createInitialProject.project.id };
}

/** A JPEG of `width`×`height` with some texture (a flat colour would decode in no time). */
export function jpeg(width: number, height: number, hue: number): Promise<Buffer> {
  const noise = { noise: { type: 'gaussian' as const, mean: 128, sigma: 40 } };
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 }, ...noise } })
    .tint({ r: hue % 256, g: 128, b: 255 - (hue % 256) })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export async function requestUploads(guest: Guest, photos: Buffer[]): Promise<UploadSlot[]> {
  const { requestPhotoUploads } = await gql<{ requestPhotoUploads: { slots: UploadSlot[] } }>(
    guest.gatewayUrl,
    guest.token,
    'mutation ($projectId: ID!, $files: [PhotoUploadFileInput!]!) { requestPhotoUploads(projectId: $projectId, files: $files) { slots { uploadId url headers { name value } } } }',
    {
      projectId: guest.projectId,
      files: photos.map((photo, i) => ({
        name: `photo-${i}.jpg`,
        size: photo.length,
        contentType: 'image/jpeg',
      })),
    },
  );
  return requestPhotoUploads.slots;
}

/** The browser's PUT of the bytes to the presigned URL (straight to the S3 server). */
export async function put(slot: UploadSlot, photo: Buffer): Promise<void> {
  const response = await fetch(slot.url, {
    method: 'PUT',
    headers: Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
    body: photo,
  });
  if (response.status !== 200) throw new Error(`PUT ${response.status}: ${await response.text()}`);
}

export async function complete(
  guest: Guest,
  uploadIds: string[],
  timeoutMs = 60_000,
): Promise<UploadResult[]> {
  const { completePhotoUploads } = await gql<{ completePhotoUploads: UploadResult[] }>(
    guest.gatewayUrl,
    guest.token,
    'mutation ($projectId: ID!, $uploadIds: [ID!]!) { completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { uploadId error photo { id } } }',
    { projectId: guest.projectId, uploadIds },
    timeoutMs,
  );
  return completePhotoUploads;
}

/** The whole upload of each photo, as the SPA does it. */
export async function upload(guest: Guest, photos: Buffer[]): Promise<string[]> {
  const slots = await requestUploads(guest, photos);
  await Promise.all(slots.map((slot, i) => put(slot, photos[i] as Buffer)));
  const results = await complete(
    guest,
    slots.map((slot) => slot.uploadId),
  );
  return results.map((result) => {
    if (!result.photo) throw new Error(`upload refused: ${result.error}`);
    return result.photo.id;
  });
}

export async function photoIds(guest: Guest): Promise<string[]> {
  const { photos } = await gql<{ photos: { id: string }[] }>(
    guest.gatewayUrl,
    guest.token,
    'query ($id: ID!) { photos(projectId: $id) { id } }',
    { id: guest.projectId },
  );
  return photos.map((photo) => photo.id);
}

/** The project raised to `honor` as Stripe's signed checkout webhook does it. */
export async function upgrade(guest: Guest): Promise<void> {
  const body = checkoutCompletedPayload({
    projectId: guest.projectId,
    userId: guest.userId,
    productId: 'honor',
    amountTotal: 3900,
  });
  const response = await fetch(`${guest.gatewayUrl}/billing/v1/webhooks/stripe`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripeSignature(body, WEBHOOK_SECRET),
    },
    body,
  });
  if (!response.ok) throw new Error(`webhook ${response.status}: ${await response.text()}`);
}

/** The shortest video: each photo on screen 1 s. */
export const shortestVideo = (guest: Guest) =>
  gql(
    guest.gatewayUrl,
    guest.token,
    'mutation ($id: ID!, $settings: VideoSettingsInput!) { updateVideoSettings(id: $id, settings: $settings) { id } }',
    { id: guest.projectId, settings: { durationPerPhoto: 1 } },
  );

export interface Progress {
  renderId?: string;
  status: string;
  progress: number;
  error: string | null;
  downloadUrl: string | null;
}

/** startRender, retried while the honor tier travels to render (billing → projects → render) and the photos' video derivatives are made. */
export async function startRender(
  guest: Guest,
  timeoutMs = 60_000,
): Promise<{ renderId: string; reused: boolean }> {
  for (const deadline = Date.now() + timeoutMs; ; ) {
    try {
      const { startRender } = await gql<{ startRender: { renderId: string; reused: boolean } }>(
        guest.gatewayUrl,
        guest.token,
        'mutation ($projectId: ID!) { startRender(projectId: $projectId) { renderId reused } }',
        { projectId: guest.projectId },
      );
      return startRender;
    } catch (error) {
      if (
        Date.now() > deadline ||
        !(
          error instanceof GraphqlError &&
          (error.code === 'UPGRADE_REQUIRED' || error.message.endsWith('Missing required data'))
        )
      )
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export async function renderProgress(guest: Guest, renderId: string): Promise<Progress> {
  const { renderProgress } = await gql<{ renderProgress: Progress }>(
    guest.gatewayUrl,
    guest.token,
    'query ($renderId: ID!) { renderProgress(renderId: $renderId) { status progress error downloadUrl } }',
    { renderId },
    10_000,
  );
  return renderProgress;
}

/** Polls (as the SPA's fallback does) until the render is completed or failed; a call that fails meanwhile is retried. */
export async function renderEnd(guest: Guest, renderId: string, timeoutMs: number): Promise<Progress> {
  let last: unknown;
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    try {
      const progress = await renderProgress(guest, renderId);
      last = progress;
      if (progress.status === 'completed' || progress.status === 'failed') return progress;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`render ${renderId} did not end in ${timeoutMs} ms; last: ${JSON.stringify(last)}`);
}

/** The downloaded MP4's size (the signed URL, fetched as the browser would). */
export async function download(guest: Guest, progress: Progress): Promise<number> {
  if (!progress.downloadUrl) throw new Error('no download URL');
  const response = await fetch(new URL(progress.downloadUrl, guest.gatewayUrl));
  if (!response.ok) throw new Error(`download ${response.status}`);
  return (await response.arrayBuffer()).byteLength;
}

/** A graphql-ws client that reconnects for ever (as the SPA's does), with the events of each subscription. */
export function liveClient(guest: Guest): { client: Client; connections: () => number } {
  let connections = 0;
  const client = createClient({
    url: `${guest.gatewayUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: class extends WebSocket {
      constructor(target: string, protocols?: string | string[]) {
        super(target, protocols, { headers: { origin: guest.gatewayUrl } });
      }
    },
    lazy: false,
    connectionParams: { authorization: `Bearer ${guest.token}` },
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: () => new Promise((resolve) => setTimeout(resolve, 250)),
    onNonLazyError: () => {},
    on: { connected: () => (connections += 1) },
  });
  return { client, connections: () => connections };
}

/** Every event `query` yields on `client`, collected; the subscription survives reconnects. */
export function collect<T>(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const events: T[] = [];
  const errors: unknown[] = [];
  const stop = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => {
        if (value.data) events.push(value.data as T);
        if (value.errors) errors.push(value.errors);
      },
      error: (error) => errors.push(error),
      complete: () => undefined,
    },
  );
  return { events, errors, stop };
}
