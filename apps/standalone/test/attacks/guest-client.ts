import { createHash, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { setProjectTier } from '@memoreel/contracts';
import type { Tier } from '@memoreel/domain';
import type { PhotoEditing, ProgressReport } from '@memoreel/photo-edit-worker';
import { type Bus, BusClient } from '@memoreel/platform';
import { actors, eventually, solveBotCheck } from '@memoreel/testing';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { MailCatcher } from '../../src/mail-catcher.js';
import { guestSession as guestSessionAt } from '../guest-session.js';

/** What an attacker holds: a guest session on the public gateway, and GraphQL. */

/** Raises a project's tier as the admin does (FREE has no AI editing: edits need a paid project). */
export async function raiseTier(bus: Bus, projectId: string, tier: Exclude<Tier, 'free'> = 'remember') {
  await new BusClient(bus).request(setProjectTier, actors.admin(), { id: projectId, tier });
}

export type GraphQLResult = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions: { code: string } }[];
};

export type Slot = { uploadId: string; url: string; headers: { name: string; value: string }[] };

export function guestClient(baseUrl: string) {
  async function graphql(query: string, variables: Record<string, unknown>, token: string) {
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as GraphQLResult;
  }

  async function ok<T>(query: string, variables: Record<string, unknown>, token: string): Promise<T> {
    const result = await graphql(query, variables, token);
    expect(result.errors).toBeUndefined();
    return Object.values(result.data ?? {})[0] as T;
  }

  /** The first error's code and message (the request must have been refused). */
  async function refused(query: string, variables: Record<string, unknown>, token: string) {
    const result = await graphql(query, variables, token);
    expect(result.errors).toBeDefined();
    return { code: result.errors?.[0]?.extensions.code, message: result.errors?.[0]?.message };
  }

  const guestSession = () => guestSessionAt(baseUrl);

  /** A confirmed account: sign-up, then the six-digit code from the confirmation mail. */
  async function accountSession(mail: MailCatcher): Promise<string> {
    const post = (path: string, body: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify(body),
      });
    const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
    const botCheck = await solveBotCheck(
      await (await fetch(`${baseUrl}/auth/v1/bot-check/challenge`)).json(),
    );
    expect((await post('/auth/v1/signup', { email, password: 'Correct-horse-9', botCheck })).status).toBe(
      200,
    );
    const code = await eventually(async () => {
      const found = mail
        .messages()
        .find((message) => message.to.includes(email))
        ?.text.match(/code: (\d{6})/)?.[1];
      expect(found).toBeDefined();
      return found as string;
    });
    const response = await post('/auth/v1/verify', { type: 'signup', email, token: code });
    expect(response.status).toBe(200);
    return ((await response.json()) as { accessToken: string }).accessToken;
  }

  const projectOf = async (token: string): Promise<string> =>
    (await ok<{ project: { id: string } }>('mutation { createInitialProject { project { id } } }', {}, token))
      .project.id;

  async function put(slots: Slot[], bodies: Buffer[]) {
    for (const [index, slot] of slots.entries()) {
      const response = await fetch(slot.url, {
        method: 'PUT',
        headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
        body: bodies[index],
      });
      expect(response.status).toBe(200);
    }
  }

  /** The owner's own uploads, stored: the photos' ids in order. */
  async function photosOf(token: string, projectId: string, bodies: Buffer[]): Promise<string[]> {
    const plan = await ok<{ slots: Slot[] }>(
      `mutation ($projectId: ID!, $files: [PhotoUploadFileInput!]!) {
        requestPhotoUploads(projectId: $projectId, files: $files) { slots { uploadId url headers { name value } } }
      }`,
      {
        projectId,
        files: bodies.map((b, i) => ({ name: `p${i}.jpg`, size: b.length, contentType: 'image/jpeg' })),
      },
      token,
    );
    await put(plan.slots, bodies);
    const results = await ok<{ error: string | null; photo: { id: string } | null }[]>(
      `mutation ($projectId: ID!, $uploadIds: [ID!]!) {
        completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { error photo { id } }
      }`,
      { projectId, uploadIds: plan.slots.map((s) => s.uploadId) },
      token,
    );
    expect(results.map((r) => r.error)).toEqual(bodies.map(() => null));
    return results.map((r) => r.photo?.id as string);
  }

  /** The guest's first project raised to a paid plan (renders and AI edits need one), with `count` distinct photos. */
  async function paidProjectWithPhotos(bus: Bus, token: string, count: number) {
    const projectId = await projectOf(token);
    await raiseTier(bus, projectId);
    const bodies = await Promise.all(Array.from({ length: count }, distinctJpeg));
    return { projectId, photoIds: await photosOf(token, projectId, bodies) };
  }

  /** Each photo's stored object's hash (what a photo-edit worker reads), once its URLs are signed. */
  const sourcesOf = (token: string, projectId: string) =>
    eventually(async () => {
      const photos = await ok<{ id: string; urls: { full: string } | null }[]>(
        'query ($projectId: ID!) { photos(projectId: $projectId) { id urls { full } } }',
        { projectId },
        token,
      );
      const sources = new Map<string, string>();
      for (const photo of photos) {
        expect(photo.urls).not.toBeNull();
        const response = await fetch(photo.urls?.full as string);
        sources.set(photo.id, sha256(Buffer.from(await response.arrayBuffer())));
      }
      return sources;
    }, 30_000);

  return {
    graphql,
    ok,
    refused,
    guestSession,
    accountSession,
    projectOf,
    put,
    photosOf,
    paidProjectWithPhotos,
    sourcesOf,
  };
}

let made = 0;
/** A small JPEG of a colour no other call made (so each photo's object has its own hash). */
export function distinctJpeg(): Promise<Buffer> {
  made += 1;
  return sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: made % 256, g: 40, b: 200 } },
  })
    .jpeg()
    .toBuffer();
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The worker's models stood in for: each run is recorded (by its source's hash) and, while `hold`
 * is on, waits until the test lets it go, so a test sees which job the worker took and when.
 */
export class StandInEditing implements PhotoEditing {
  readonly runs: { source: string; release: () => void }[] = [];
  hold = false;

  async edit(_kind: string, inputPath: string, outputPath: string, progress: ProgressReport) {
    const source = await readFile(inputPath);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.runs.push({ source: sha256(source), release });
    if (this.hold) await released;
    progress(0.5);
    const { data, info } = await sharp(source).png().toBuffer({ resolveWithObject: true });
    await writeFile(outputPath, data);
    return { width: info.width, height: info.height, inferenceMs: 1 };
  }

  /** Lets every run go, now and from here on. */
  releaseAll() {
    this.hold = false;
    for (const run of this.runs) run.release();
  }

  async close() {}
}
