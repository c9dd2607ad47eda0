/**
 * Faults on the distributed build, renders side (issue 32 item 4): each deployable its own process
 * from its build (two render workers), a private nats-server with the generated users, streams and
 * durables, an S3 server process, Postgres. Renders are the smallest a user can make (two small
 * photos, 1 s each). Each fault ends with the render completed, or failed with product text and a
 * retry that completes; one render row per start, one video per completed render, no orphan
 * object, every outbox empty.
 * Build first: `npx nx run-many -t build` (every deployable but the photo-edit worker).
 */
import { renderChunk, renderMessages, stitchVideo } from '@memoreel/contracts';
import { type DistributedStack, startDistributedStack } from '@memoreel/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  loadAverage,
  logLines,
  outboxLeft,
  query,
  readsAsProductText,
  renderInvariants,
} from './fault-checks.js';
import {
  download,
  type Guest,
  jpeg,
  newGuest,
  type Progress,
  photoIds,
  renderEnd,
  shortestVideo,
  startRender,
  upgrade,
  upload,
  WEBHOOK_SECRET,
} from './fault-client.js';

const WORKERS = ['render-worker', 'render-worker-2'];
/** A render of two 1 s photos takes ~10 s here; a killed job waits out its 20 s ack wait first. */
const RENDER_END_MS = 180_000;
/** FAULTS_FULL=1 runs each fault three times (docs/reliability.md); `npm test` runs each once. */
const ROUNDS = Array.from({ length: process.env.FAULTS_FULL ? 3 : 1 }, (_, i) => i + 1);
const round = (n: number) => (ROUNDS.length > 1 ? ` (round ${n})` : '');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe('faults on the distributed build: renders', { timeout: 300_000 }, () => {
  let stack: DistributedStack;

  beforeAll(async () => {
    stack = await startDistributedStack({
      name: 'faults-renders',
      renderWorkers: 2,
      seedMusic: true,
      env: {
        billing: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
        // "render job" lines tell which worker holds which job.
        'render-worker': { LOG_LEVEL: 'info' },
      },
    });
  }, 480_000);

  afterAll(async () => {
    await stack?.close();
  });

  /** A guest's honor project with two small photos, each on screen 1 s: the smallest render. */
  async function renderableProject(): Promise<Guest> {
    const guest = await newGuest(stack.gatewayUrl);
    await upload(guest, await Promise.all([jpeg(640, 480, 40), jpeg(640, 480, 160)]));
    await shortestVideo(guest);
    await upgrade(guest);
    // The photos reach projects (and so render's inputs) through media's outbox, a moment after complete.
    await eventually(async () => expect(await photoIds(guest)).toHaveLength(2), 60_000);
    return guest;
  }

  /** The worker that logged taking a job of `subject` for the render, and that line. */
  function holder(renderId: string, subject: string): { worker: string; delivery: number } | undefined {
    for (const worker of WORKERS) {
      const line = logLines(stack, worker).find(
        (each) =>
          each.msg === 'render job' && each.renderId === renderId && String(each.subject).endsWith(subject),
      );
      if (line) return { worker, delivery: Number(line.delivery) };
    }
    return undefined;
  }

  /** Deliveries of the render's jobs of `subject` that any running worker logged (since it started). */
  const deliveries = (renderId: string, subject: string) =>
    WORKERS.flatMap((worker) =>
      logLines(stack, worker)
        .filter(
          (each) =>
            each.msg === 'render job' && each.renderId === renderId && String(each.subject).endsWith(subject),
        )
        .map((each) => Number(each.delivery)),
    );

  async function waitForJob(renderId: string, subject: string) {
    let found: { worker: string; delivery: number } | undefined;
    await eventually(
      async () => {
        found = holder(renderId, subject);
        expect(found).toBeDefined();
      },
      120_000,
      20,
    );
    return found as { worker: string; delivery: number };
  }

  async function expectCompleted(guest: Guest, progress: Progress) {
    expect(progress).toMatchObject({ status: 'completed', error: null, progress: 1 });
    expect(await download(guest, progress)).toBeGreaterThan(1_000);
  }

  /** One render row per start, one video per completed render, nothing orphaned, outboxes empty. */
  async function expectClean(guest: Guest, statuses: string[]) {
    await eventually(async () => {
      const state = await renderInvariants(stack, guest.projectId);
      expect(state.statuses).toEqual(statuses);
      expect(state.projectVideos).toEqual(state.expectedVideos);
      expect(state.projectVideos).toHaveLength(statuses.filter((status) => status === 'completed').length);
      expect({
        orphanVideos: state.orphanVideos,
        orphanChunks: state.orphanChunks,
        missing: state.missingVideos,
      }).toEqual({
        orphanVideos: [],
        orphanChunks: [],
        missing: [],
      });
      expect(await outboxLeft(stack)).toEqual({});
    }, 60_000);
  }

  for (const n of ROUNDS)
    it(`completes a render whose render process was killed -9 right after saving it, before its jobs were relayed${round(n)}`, async () => {
      const guest = await renderableProject();
      // The jobs are committed with the render and announced by NOTIFY; the kill goes on that NOTIFY,
      // before the relay (woken by the same NOTIFY) has sent them.
      const listener = new pg.Client({ connectionString: stack.databaseUrl });
      await listener.connect();
      let killedAt = 0;
      const killed = new Promise<void>((resolve) => {
        listener.on('notification', () => {
          const pid = stack.pid('render');
          if (killedAt || pid === undefined) return;
          process.kill(-pid, 'SIGKILL');
          killedAt = Date.now();
          resolve();
        });
      });
      await listener.query('LISTEN render_outbox');
      try {
        const asked = startRender(guest).catch((error: Error) => error);
        await killed;
        await stack.kill('render', 'SIGKILL');
        const [unsent] = await query<{ n: string }>(
          stack.databaseUrl,
          'SELECT count(*) AS n FROM render.outbox_events WHERE published_at IS NULL',
        );
        console.log(`render killed on its commit: ${unsent?.n} jobs unrelayed`);
        // The user's Generate fails (the gateway's request times out) or answered; they try again.
        void asked;
      } finally {
        await listener.end();
      }
      const [saved] = await query<{ id: string }>(
        stack.databaseUrl,
        'SELECT id FROM render.rendered_videos WHERE project_id = $1',
        [guest.projectId],
      );
      await stack.restart('render');
      const again = await startRender(guest);
      // The saved render is the one the retry answers: it was never lost, only its jobs waited.
      // (Had the kill come before the commit, nothing was saved and the retry starts one.)
      expect(again).toEqual(
        saved ? { renderId: saved.id, reused: true } : { renderId: expect.any(String), reused: false },
      );
      const done = await renderEnd(guest, again.renderId, RENDER_END_MS);
      console.log(
        `render kill -9 between save and queue: completed ${seconds(Date.now() - killedAt)} after the kill (load ${loadAverage()})`,
      );
      await expectCompleted(guest, done);
      await expectClean(guest, ['completed']);
    });

  for (const [moment, subject] of [
    ['mid-chunk', renderChunk.subject],
    ['mid-stitch', stitchVideo.subject],
  ] as const)
    for (const n of ROUNDS)
      it(`completes a render whose worker was killed -9 ${moment}${round(n)}`, async () => {
        const guest = await renderableProject();
        const { renderId } = await startRender(guest);
        const { worker } = await waitForJob(renderId, subject);
        await stack.kill(worker, 'SIGKILL');
        const killedAt = Date.now();
        const [render] = await query<{ status: string; done: string }>(
          stack.databaseUrl,
          `SELECT status, (SELECT count(*) FROM render.render_chunks c WHERE c.render_id = r.id AND c.done_at IS NOT NULL) AS done
           FROM render.rendered_videos r WHERE id = $1`,
          [renderId],
        );
        console.log(`${worker} killed ${moment}: render ${render?.status}, ${render?.done} chunks done`);
        expect(render?.status).not.toBe('completed');
        await stack.restart(worker);
        const done = await renderEnd(guest, renderId, RENDER_END_MS);
        console.log(
          `worker kill -9 ${moment}: completed ${seconds(Date.now() - killedAt)} after the kill (load ${loadAverage()})`,
        );
        await expectCompleted(guest, done);
        // The killed job was delivered again (to the other worker or the restarted one), and stitched once.
        expect(deliveries(renderId, subject)).toContain(2);
        await expectClean(guest, ['completed']);
      });

  for (const n of ROUNDS)
    it(`completes a render across a NATS restart mid-render${round(n)}`, async () => {
      const guest = await renderableProject();
      const { renderId } = await startRender(guest);
      await waitForJob(renderId, renderChunk.subject);
      await stack.kill('nats');
      const stoppedAt = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await stack.restart('nats');
      const done = await renderEnd(guest, renderId, RENDER_END_MS);
      console.log(
        `NATS restart mid-render: completed ${seconds(Date.now() - stoppedAt)} after the stop (load ${loadAverage()})`,
      );
      await expectCompleted(guest, done);
      await expectClean(guest, ['completed']);
    });

  it('fails a render cleanly (product text) or completes it when S3 is down for 10 s; a retry completes', async () => {
    const guest = await renderableProject();
    const { renderId } = await startRender(guest);
    await waitForJob(renderId, renderChunk.subject);
    await stack.kill('s3', 'SIGKILL');
    const downAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await stack.restart('s3');
    const first = await renderEnd(guest, renderId, RENDER_END_MS);
    console.log(
      `S3 down 10 s mid-render: ${first.status} (${first.error}) ${seconds(Date.now() - downAt)} after S3 went down`,
    );
    if (first.status === 'completed') {
      await expectCompleted(guest, first);
      await expectClean(guest, ['completed']);
      return;
    }
    // What the user reads is ours: no address, host or port of the storage (those go to the logs).
    expect(readsAsProductText(first.error)).toBe(true);
    expect([renderMessages.interrupted, renderMessages.failed]).toContain(first.error);
    // Try again: a failed render is never reused; the new one completes.
    const retry = await startRender(guest);
    expect(retry).toMatchObject({ reused: false });
    expect(retry.renderId).not.toBe(renderId);
    const done = await renderEnd(guest, retry.renderId, RENDER_END_MS);
    console.log(
      `S3 down 10 s mid-render: the retry completed ${seconds(Date.now() - downAt)} after S3 went down (load ${loadAverage()})`,
    );
    await expectCompleted(guest, done);
    await expectClean(guest, ['failed', 'completed']);
  });
});
