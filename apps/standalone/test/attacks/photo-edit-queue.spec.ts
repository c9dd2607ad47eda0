import { authService } from '@memoreel/auth';
import { photoEditErrorCodes, photoEditMessages } from '@memoreel/domain';
import { mediaService } from '@memoreel/media';
import { photoEditWorkerService } from '@memoreel/photo-edit-worker';
import { projectsService } from '@memoreel/projects';
import { eventually } from '@memoreel/testing';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useGatewayStack } from '../gateway-stack.js';
import { distinctJpeg, guestClient, StandInEditing } from './guest-client.js';

/**
 * Issue 31 item 3: AI edits through the public API, with the models stood in for (the worker, its
 * queue and media's bookkeeping are the real ones). A guest cannot make the worker run edits they
 * discarded, cannot queue more than a few, and cannot push another user's first edit back.
 */

const START = 'mutation ($photoId: ID!) { startPhotoEdit(photoId: $photoId, kind: ENHANCE) { id status } }';
const DISCARD = 'mutation ($id: ID!) { discardPhotoEdit(id: $id) }';
const EDIT = 'query ($id: ID!) { photoEdit(id: $id) { id status } }';

const editing = new StandInEditing();
let api: ReturnType<typeof guestClient>;

const stack = useGatewayStack({
  name: 'attack-edit-queue',
  services: [authService, projectsService, mediaService, photoEditWorkerService({ editing })],
  localStorage: true,
});
beforeAll(async () => {
  api = guestClient(stack.baseUrl);
}, 60_000);
// No run is left waiting for a test that ended.
afterEach(() => editing.releaseAll());

/** A guest with `count` distinct photos, and the hash of each photo's stored object. */
async function guestWithPhotos(count: number) {
  const token = await api.guestSession();
  const { projectId, photoIds } = await api.paidProjectWithPhotos(stack.bus, token, count);
  const sources = await api.sourcesOf(token, projectId);
  return { token, photoIds, source: (photoId: string) => sources.get(photoId) as string };
}

const start = async (token: string, photoId: string) =>
  (await api.ok<{ id: string }>(START, { photoId }, token)).id;
const statusOf = async (token: string, id: string) =>
  (await api.ok<{ status: string }>(EDIT, { id }, token)).status;
const ready = (token: string, ids: string[]) =>
  eventually(async () => {
    for (const id of ids) expect(await statusOf(token, id)).toBe('READY');
  }, 30_000);
/** Jobs on the work queue no worker has taken yet. */
const waitingJobs = async () => {
  const { consumers } = await stack.bus.describeStreams('photo-edit-worker');
  return consumers
    .filter((consumer) => consumer.stream === 'jobs')
    .reduce((sum, consumer) => sum + consumer.pending, 0);
};
/** Waits until the worker has begun `count` runs since `from`. */
const runsBegun = (from: number, count: number) =>
  eventually(async () => expect(editing.runs.length - from).toBe(count), 30_000);

describe('photo edit jobs under attack', () => {
  it('a start → discard loop runs none of the discarded edits', async () => {
    const blocker = await guestWithPhotos(1);
    const attacker = await guestWithPhotos(1);
    const [photoId] = attacker.photoIds as [string];
    const from = editing.runs.length;
    editing.hold = true;
    // The worker is busy, so every job the loop queues is still waiting when it is discarded.
    const busy = await start(blocker.token, blocker.photoIds[0] as string);
    await runsBegun(from, 1);

    const discarded: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const id = await start(attacker.token, photoId);
      expect(await api.ok<boolean>(DISCARD, { id }, attacker.token)).toBe(true);
      discarded.push(id);
    }
    const kept = await start(attacker.token, photoId);
    // One of the attacker's jobs waits on the work queue, not one per start.
    expect(await waitingJobs()).toBe(1);
    editing.releaseAll();
    await ready(attacker.token, [kept]);
    await ready(blocker.token, [busy]);

    // The worker ran the busy edit and the kept one; the 20 discarded were skipped unrun.
    expect(editing.runs.slice(from).map((run) => run.source)).toEqual([
      blocker.source(blocker.photoIds[0] as string),
      attacker.source(photoId),
    ]);
    for (const id of discarded) expect(await statusOf(attacker.token, id)).toBe('DISCARDED');
  });

  it('an edit superseded while it waited (its photo replaced by an applied edit) never runs', async () => {
    const blocker = await guestWithPhotos(1);
    const guest = await guestWithPhotos(1);
    const [photoId] = guest.photoIds as [string];
    const applied = await start(guest.token, photoId);
    await ready(guest.token, [applied]);
    const from = editing.runs.length;
    editing.hold = true;
    const busy = await start(blocker.token, blocker.photoIds[0] as string);
    await runsBegun(from, 1);
    const stale = await start(guest.token, photoId);
    await api.ok('mutation ($id: ID!) { applyPhotoEdit(id: $id) { id } }', { id: applied }, guest.token);

    editing.releaseAll();
    await ready(blocker.token, [busy]);
    await eventually(async () => expect(await statusOf(guest.token, stale)).toBe('DISCARDED'), 30_000);
    expect(editing.runs.slice(from).map((run) => run.source)).toEqual([
      blocker.source(blocker.photoIds[0] as string),
    ]);
  });

  it('a fourth unfinished edit is refused with a clear message; a settled one makes room', async () => {
    const guest = await guestWithPhotos(4);
    const [first, second, third, fourth] = guest.photoIds as [string, string, string, string];
    const from = editing.runs.length;
    editing.hold = true;
    const queued = [await start(guest.token, first), await start(guest.token, second)];
    const waiting = await start(guest.token, third);
    await runsBegun(from, 1);

    expect(await waitingJobs()).toBe(0);
    const refused = await api.refused(START, { photoId: fourth }, guest.token);
    expect(refused).toEqual({ code: photoEditErrorCodes.queueFull, message: photoEditMessages.queueFull });
    // The refused edit is nowhere: not listed, not queued.
    expect(await api.ok<boolean>(DISCARD, { id: waiting }, guest.token)).toBe(true);
    const last = await start(guest.token, fourth);
    editing.releaseAll();
    await ready(guest.token, [...queued, last]);
    const ran = editing.runs.slice(from).map((run) => run.source);
    expect(ran).toEqual([guest.source(first), guest.source(second), guest.source(fourth)]);
    expect(await statusOf(guest.token, waiting)).toBe('DISCARDED');
  });

  it("one guest's burst delays another user's first edit by one job at most", async () => {
    const burst = await guestWithPhotos(3);
    const other = await guestWithPhotos(1);
    const from = editing.runs.length;
    editing.hold = true;
    const bursts: string[] = [];
    for (const photoId of burst.photoIds) bursts.push(await start(burst.token, photoId));
    await runsBegun(from, 1);
    const first = await start(other.token, other.photoIds[0] as string);

    // The burst's first job ends: the other user's edit is next, ahead of the burst's other two.
    editing.runs[from]?.release();
    await runsBegun(from, 2);
    expect(editing.runs[from + 1]?.source).toBe(other.source(other.photoIds[0] as string));
    expect(await statusOf(burst.token, bursts[1] as string)).toBe('QUEUED');

    editing.releaseAll();
    await ready(other.token, [first]);
    await ready(burst.token, bursts);
    expect(editing.runs.slice(from).map((run) => run.source)).toEqual([
      burst.source(burst.photoIds[0] as string),
      other.source(other.photoIds[0] as string),
      burst.source(burst.photoIds[1] as string),
      burst.source(burst.photoIds[2] as string),
    ]);
  });

  it('a free project gets no AI edit through the API: both kinds answer UPGRADE_REQUIRED, nothing runs', async () => {
    const token = await api.guestSession();
    const projectId = await api.projectOf(token);
    const [photoId] = await api.photosOf(token, projectId, [await distinctJpeg()]);
    const from = editing.runs.length;
    for (const kind of ['ENHANCE', 'REMOVE_BACKGROUND']) {
      const refused = await api.refused(
        `mutation ($photoId: ID!) { startPhotoEdit(photoId: $photoId, kind: ${kind}) { id } }`,
        { photoId },
        token,
      );
      expect(refused).toEqual({
        code: photoEditErrorCodes.upgradeRequired,
        message: photoEditMessages.upgradeRequired,
      });
    }
    expect(editing.runs.length).toBe(from);
    expect(await waitingJobs()).toBe(0);
  });
});
