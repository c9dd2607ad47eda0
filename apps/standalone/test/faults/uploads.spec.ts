/**
 * Faults on the distributed build, uploads side (issue 32 item 4): each deployable its own process
 * from its build, a private nats-server with the generated users, an S3 server process, and a
 * private Postgres cluster this file may restart. Each fault ends with the user's operation done
 * (after the retry a user makes), no row twice, no orphan object, every outbox empty.
 * Build first: `npx nx run-many -t build -p @memoreel/gateway,@memoreel/auth,@memoreel/projects,@memoreel/media`.
 */
import { type DistributedStack, startDistributedStack } from '@memoreel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResult } from '../photo-uploads.js';
import {
  eventually,
  loadAverage,
  outboxLeft,
  photoInvariants,
  query,
  stackStorage,
  storedKeys,
} from './fault-checks.js';
import {
  collect,
  complete,
  type Guest,
  gql,
  jpeg,
  liveClient,
  newGuest,
  put,
  requestUploads,
} from './fault-client.js';
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres.js';

/** FAULTS_FULL=1 runs each fault three times (docs/reliability.md); `npm test` runs each once. */
const ROUNDS = Array.from({ length: process.env.FAULTS_FULL ? 3 : 1 }, (_, i) => i + 1);
const round = (n: number) => (ROUNDS.length > 1 ? ` (round ${n})` : '');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe('faults on the distributed build: uploads', { timeout: 240_000 }, () => {
  let postgres: PrivatePostgres;
  let stack: DistributedStack;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    stack = await startDistributedStack({
      name: 'faults-uploads',
      databaseUrl: postgres.url,
      deployables: ['gateway', 'auth', 'projects', 'media'],
    });
  }, 480_000);

  afterAll(async () => {
    await stack?.close();
    await postgres?.dispose();
  });

  const objectKeys = (prefix: string) => storedKeys(stack, 'photos', prefix);

  /** The user's retry of `complete`, as the SPA offers it: again until it answers (a service may still be starting). */
  async function completeUntilAnswered(guest: Guest, uploadIds: string[]): Promise<UploadResult[]> {
    try {
      return await eventually(() => complete(guest, uploadIds, 20_000), 90_000, 500);
    } catch (error) {
      for (const name of ['media', 'projects', 'gateway'])
        console.log(`${name} said: ${stack.output(name).slice(-6_000)}`);
      throw error;
    }
  }

  async function expectClean(guest: Guest, photos: number) {
    await eventually(async () => {
      const state = await photoInvariants(stack, guest.projectId);
      expect(state).toMatchObject({ stored: photos, rejected: 0, orphanObjects: [], missingOriginals: [] });
      expect(state.acceptedIds).toEqual(state.storedIds);
      expect(state.order).toEqual(Array.from({ length: photos }, (_, i) => i));
      expect(await outboxLeft(stack)).toEqual({});
    }, 60_000);
  }

  for (const n of ROUNDS)
    it(`finishes an upload whose media process was killed -9 during complete, from its copy${round(n)}`, async () => {
      const guest = await newGuest(stack.gatewayUrl);
      // Large enough that verifying it (a whole decode) outlasts the kill: 3000×2000 of noise.
      const photo = await jpeg(3000, 2000, 30);
      const [slot] = await requestUploads(guest, [photo]);
      if (!slot) throw new Error('no slot');
      await put(slot, photo);

      // The kill lands once the upload's copy (under the photo's key) exists and the staged object is
      // gone, while the photo is verified, before the commit.
      const judged = `${guest.projectId}/${slot.uploadId}.jpg`;
      const staged = `${guest.projectId}/uploads/${slot.uploadId}.jpg`;
      const first = complete(guest, [slot.uploadId], 60_000).catch((error: Error) => error);
      await eventually(
        async () => {
          const keys = await objectKeys(`${guest.projectId}/`);
          expect(keys).toContain(judged);
          expect(keys).not.toContain(staged);
        },
        60_000,
        5,
      );
      await stack.kill('media', 'SIGKILL');
      const killedAt = Date.now();
      const [blob] = await query<{ status: string }>(
        stack.databaseUrl,
        'SELECT status FROM media.photos WHERE id = $1',
        [slot.uploadId],
      );
      const keysAtKill = await objectKeys(`${guest.projectId}/`);
      console.log(
        `media killed during complete: blob ${blob?.status}, objects ${JSON.stringify(keysAtKill)}`,
      );
      // The user's call fails (the gateway answers an error) or, had the commit won, succeeded.
      const answered = await first;
      if (!(answered instanceof Error)) expect(answered[0]?.error ?? null).toBeNull();

      await stack.restart('media');
      console.log(`media restarted and ready ${seconds(Date.now() - killedAt)} after the kill`);
      const [result] = await completeUntilAnswered(guest, [slot.uploadId]);
      const recoveredMs = Date.now() - killedAt;
      console.log(
        `media kill -9 during complete: the retried complete stored the photo ${seconds(recoveredMs)} after the kill (load ${loadAverage()})`,
      );
      expect(result).toEqual({ uploadId: slot.uploadId, error: null, photo: { id: slot.uploadId } });
      await expectClean(guest, 1);
      // A second retry answers the same photo, and stores nothing twice.
      expect(await complete(guest, [slot.uploadId])).toEqual([result]);
      await expectClean(guest, 1);

      // Exactly what a completion killed after its copy and the staged object's removal leaves (the
      // race above lands there most of the time): the next completion finishes from the copy.
      const another = await jpeg(800, 600, 60);
      const [next] = await requestUploads(guest, [another]);
      if (!next) throw new Error('no slot');
      await put(next, another);
      const photos = stackStorage(stack);
      const stagedNext = `${guest.projectId}/uploads/${next.uploadId}.jpg`;
      await photos.copy('photos', stagedNext, `${guest.projectId}/${next.uploadId}.jpg`);
      await photos.delete('photos', stagedNext);
      expect(await complete(guest, [next.uploadId])).toEqual([
        { uploadId: next.uploadId, error: null, photo: { id: next.uploadId } },
      ]);
      await expectClean(guest, 2);
    });

  for (const n of ROUNDS)
    it(`finishes uploads across a Postgres restart mid-upload (the user retries complete)${round(n)}`, async () => {
      const guest = await newGuest(stack.gatewayUrl);
      const photos = await Promise.all([jpeg(1600, 1200, 90), jpeg(1600, 1200, 200)]);
      const slots = await requestUploads(guest, photos);
      await Promise.all(slots.map((slot, i) => put(slot, photos[i] as Buffer)));
      const uploadIds = slots.map((slot) => slot.uploadId);

      // Postgres goes down as a crash would (immediate: recovery on start) while complete runs.
      const first = complete(guest, uploadIds, 60_000).catch((error: Error) => error);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await postgres.stop('immediate');
      const stoppedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await postgres.start();
      const answered = await first;
      // Every service outlives the database's restart (none exits on a lost connection).
      const gone = stack.names().filter((name) => name !== 'nats' && stack.pid(name) === undefined);
      for (const name of gone) console.log(`${name} exited: ${stack.output(name).slice(-3_000)}`);
      expect(gone).toEqual([]);
      console.log(
        `complete during the Postgres restart answered: ${answered instanceof Error ? answered.message : JSON.stringify(answered)}`,
      );

      const results = await completeUntilAnswered(guest, uploadIds);
      const recoveredMs = Date.now() - stoppedAt;
      console.log(
        `Postgres restart mid-upload: uploads stored ${seconds(recoveredMs)} after the stop (load ${loadAverage()})`,
      );
      expect(results).toEqual(
        uploadIds.map((uploadId) => ({ uploadId, error: null, photo: { id: uploadId } })),
      );
      expect(stack.names().filter((name) => name !== 'nats' && stack.pid(name) === undefined)).toEqual([]);
      await expectClean(guest, 2);
    });

  it('keeps live subscriptions across a kill -9 of the gateway: the client reconnects and gets updates', async () => {
    const owner = await newGuest(stack.gatewayUrl);
    const friend = await newGuest(stack.gatewayUrl);
    const { createFriendLink } = await gql<{ createFriendLink: { id: string } }>(
      stack.gatewayUrl,
      owner.token,
      'mutation ($input: CreateFriendLinkInput!) { createFriendLink(input: $input) { id } }',
      { input: { projectId: owner.projectId } },
    );
    const friendUpload = async (hue: number) => {
      const photo = await jpeg(640, 480, hue);
      const { requestFriendPhotoUploads } = await gql<{
        requestFriendPhotoUploads: {
          slots: { uploadId: string; url: string; headers: { name: string; value: string }[] }[];
        };
      }>(
        stack.gatewayUrl,
        friend.token,
        'mutation ($linkId: ID!, $projectId: ID!, $files: [PhotoUploadFileInput!]!) { requestFriendPhotoUploads(linkId: $linkId, projectId: $projectId, files: $files) { slots { uploadId url headers { name value } } } }',
        {
          linkId: createFriendLink.id,
          projectId: owner.projectId,
          files: [{ name: 'friend.jpg', size: photo.length, contentType: 'image/jpeg' }],
        },
      );
      const [slot] = requestFriendPhotoUploads.slots;
      if (!slot) throw new Error('no slot');
      await put(slot, photo);
      const { completeFriendPhotoUploads } = await gql<{
        completeFriendPhotoUploads: { accepted: boolean }[];
      }>(
        stack.gatewayUrl,
        friend.token,
        'mutation ($linkId: ID!, $projectId: ID!, $uploadIds: [ID!]!) { completeFriendPhotoUploads(linkId: $linkId, projectId: $projectId, uploadIds: $uploadIds) { accepted } }',
        { linkId: createFriendLink.id, projectId: owner.projectId, uploadIds: [slot.uploadId] },
      );
      expect(completeFriendPhotoUploads).toEqual([{ accepted: true }]);
    };

    const live = liveClient(owner);
    try {
      const bell = collect(live.client, 'subscription { pendingPhotosChanged { projectId } }');
      await eventually(async () => expect(live.connections()).toBe(1), 30_000);
      // The subscription is set up on the gateway a moment after the socket connects.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await friendUpload(10);
      await eventually(async () => expect(bell.events.length).toBeGreaterThanOrEqual(1), 30_000);

      await stack.kill('gateway', 'SIGKILL');
      const killedAt = Date.now();
      const before = bell.events.length;
      await stack.restart('gateway');
      await eventually(async () => expect(live.connections()).toBe(2), 60_000);
      // The update the user waits for: another friend photo rings the bell on the reconnected socket.
      await eventually(
        async () => {
          if (bell.events.length === before) await friendUpload(120);
          expect(bell.events.length).toBeGreaterThan(before);
        },
        60_000,
        3_000,
      );
      const recoveredMs = Date.now() - killedAt;
      console.log(
        `gateway kill -9 with a live subscription: an update arrived ${seconds(recoveredMs)} after the kill (load ${loadAverage()})`,
      );
      expect(bell.errors).toEqual([]);
      expect(bell.events.at(-1)).toEqual({ pendingPhotosChanged: { projectId: owner.projectId } });
      bell.stop();
    } finally {
      await live.client.dispose();
    }
    await eventually(async () => {
      const pending = await query<{ n: string }>(
        stack.databaseUrl,
        `SELECT count(*) AS n FROM media.photos WHERE project_id = $1 AND status = 'stored' AND review = 'pending'`,
        [owner.projectId],
      );
      const orphans = (await photoInvariants(stack, owner.projectId)).orphanObjects;
      expect({ pending: Number(pending[0]?.n), orphans, outbox: await outboxLeft(stack) }).toMatchObject({
        orphans: [],
        outbox: {},
      });
      expect([2, 3]).toContain(Number(pending[0]?.n));
    }, 60_000);
  });
});
