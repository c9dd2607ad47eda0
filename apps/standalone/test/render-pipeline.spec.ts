import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { type Actor, getRenderProgress, renderMessages, startRender } from '@memoreel/contracts';
import {
  BusClient,
  createLogger,
  LocalStorage,
  localStorageRouter,
  metricsRegistry,
  type RunningService,
  startService,
} from '@memoreel/platform';
import {
  audioFile,
  clickTrack,
  findTrackBeats,
  type RendersHarness,
  startRenders,
} from '@memoreel/render/testing';
import { renderWorkerService } from '@memoreel/render-worker';
import { eventually } from '@memoreel/testing';
import express, { type Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** start-render with room for a machine busy with Chromium and ffmpeg beside the services (the default wait is 5 s). */
function start(h: RendersHarness, owner: Actor, projectId: string) {
  return new BusClient(h.bus).request(startRender, owner, { projectId }, { timeoutMs: 30_000 });
}

/** A render worker beside the harness's render service: same bus, same storage settings. */
function startWorker(h: RendersHarness, options?: Parameters<typeof renderWorkerService>[0]) {
  return startService(renderWorkerService(options), {
    name: 'render-worker',
    bus: h.bus,
    databaseUrl: '',
    logger: createLogger({
      service: 'render-worker-test',
      level: process.env.RENDER_TEST_LOG ? 'debug' : 'silent',
    }),
    env: h.env,
  });
}

/** The render service (projects and media stood in for) and one render worker for the enclosing describe. */
function renderWithWorker(options: Parameters<typeof renderWorkerService>[0]) {
  const running = {} as { h: RendersHarness; worker: RunningService };
  beforeAll(async () => {
    running.h = await startRenders();
    running.worker = await startWorker(running.h, options);
  }, 60_000);
  afterAll(async () => {
    await running.worker?.close();
    await running.h?.close();
  });
  return running;
}

// The real pipeline: render service + one render worker (real Chromium and ffmpeg) on the
// in-process bus, sharing a storage folder served over HTTP as the gateway serves it.
describe('rendering a project through the render worker', { timeout: 300_000 }, () => {
  let h: RendersHarness;
  let worker: RunningService;
  let dir: string;
  let server: ReturnType<ReturnType<typeof express>['listen']>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'render-pipeline-'));
    let router: Router | undefined;
    server = express()
      .use('/storage', (req, res, next) => (router ? router(req, res, next) : next()))
      .listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const storageDir = join(dir, 'storage');
    h = await startRenders({ publicUrl, storageDir, chunkFrames: 30 });
    worker = await startWorker(h);
    router = localStorageRouter(
      new LocalStorage({
        rootDir: storageDir,
        publicBaseUrl: publicUrl,
        signingSecret: h.env.STORAGE_SIGNING_SECRET as string,
      }),
    );
    await h.storage.put('music', 'tone.m4a', audioFile('m4a', 3), { contentType: 'audio/mp4' });
  }, 120_000);

  afterAll(async () => {
    await worker?.close();
    await h?.close();
    server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function photo(name: string, hue: number): Promise<string> {
    const path = join(dir, `${name}.jpg`);
    await run('/usr/bin/ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=1920x1080:r=1,hue=h=${hue}`],
      ...['-frames:v', '1', path],
    ]);
    return path;
  }

  /** Polls like the SPA's fallback until the render ends. */
  async function finished(renderId: string, owner: Actor) {
    for (
      const deadline = Date.now() + Number(process.env.RENDER_TEST_WAIT_MS ?? 240_000);
      Date.now() < deadline;
    ) {
      const progress = await h.request(getRenderProgress, owner, { renderId });
      if (progress.status === 'completed' || progress.status === 'failed') return progress;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const chunks = await h.db.renderChunk.findMany({ where: { renderId } });
    const progress = await h.request(getRenderProgress, owner, { renderId });
    throw new Error(`render ${renderId} did not finish: ${JSON.stringify({ progress, chunks })}`);
  }

  async function renderedChunks(renderId: string): Promise<number> {
    return h.db.renderChunk.count({ where: { renderId, rendered: true } });
  }

  it('makes a 1920×1080 30 fps MP4 of 90 frames with audio, and re-renders only the chunks of a changed photo', async () => {
    const owner: Actor = { userId: crypto.randomUUID(), role: 'user', isAnonymous: false };
    const project = h.fake.project(owner, 'honor');
    project.videoSettings.transition = 'fade';
    project.videoSettings.music.timelineTracks = [
      { id: 'tone', storage_path: 'tone.m4a', startTime: 0.5, duration: 2.5, instanceId: 'm1' },
    ];
    for (const [i, hue] of [0, 120, 240].entries()) h.fake.addPhoto(project, await photo(`p${i}`, hue));

    const first = await start(h, owner, project.id);
    const done = await finished(first.renderId, owner);
    expect(done).toMatchObject({ status: 'completed', error: null });
    expect(await renderedChunks(first.renderId)).toBe(3);
    // Each phase of the stitch is on /metrics (the render dashboard's stitch panel).
    const metrics = await metricsRegistry.metrics();
    for (const phase of ['download', 'join', 'upload'])
      expect(metrics).toMatch(
        new RegExp(
          `^memoreel_render_stitch_phase_duration_seconds_count\\{[^}]*phase="${phase}"[^}]*\\} [1-9]`,
          'm',
        ),
      );
    // Its music was mixed beside the chunks (3 chunks outlast a 3-second mix), and the mix went after.
    expect(metrics).toMatch(/^memoreel_render_stitch_music_total\{[^}]*mixed="ahead"[^}]*\} [1-9]/m);
    await eventually(async () => {
      const left: string[] = [];
      for await (const object of h.storage.list('renders', 'audio/')) left.push(object.key);
      expect(left).toEqual([]);
    });

    const response = await fetch(done.downloadUrl as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('.mp4');
    const file = join(dir, 'video.mp4');
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-count_frames', '-show_entries'],
      'stream=codec_type,width,height,r_frame_rate,nb_read_frames',
      ...['-of', 'json', file],
    ]);
    const streams = JSON.parse(stdout).streams as Record<string, unknown>[];
    expect(streams.find((s) => s.codec_type === 'video')).toMatchObject({
      width: 1920,
      height: 1080,
      r_frame_rate: '30/1',
      nb_read_frames: '90',
    });
    expect(streams.some((s) => s.codec_type === 'audio')).toBe(true);

    // A new derivative of the last photo: only the chunks that show it are rendered again.
    const photos = h.fake.photos.get(project.id) ?? [];
    (photos[2] as { videoUrl: string }).videoUrl = await photo('p2-edited', 60);
    const second = await start(h, owner, project.id);
    expect(second.reused).toBe(false);
    expect(await finished(second.renderId, owner)).toMatchObject({ status: 'completed', error: null });
    const rerendered = await renderedChunks(second.renderId);
    expect(rerendered).toBeGreaterThanOrEqual(1);
    expect(rerendered).toBeLessThan(3);
  });

  it('cuts on the beat: every cut in the MP4 lies within a frame (33 ms) of a beat found in the music', async () => {
    // A click track at 120 BPM from 0.37 s: beats 11.1 frames past each half second, never on a
    // plain cut (every 1.5 s = 45 frames), so a cut that did not move would be 4 frames off.
    const click = await clickTrack(120, 8, 0.37);
    const found = await findTrackBeats(Readable.from(click), '/usr/bin/ffmpeg');
    expect(found?.beats.length).toBeGreaterThan(10);
    const beats = found?.beats ?? [];
    const trackId = crypto.randomUUID();
    await h.storage.put('music', `${trackId}.wav`, click, { contentType: 'audio/wav' });
    await h.db.musicTrack.create({
      data: {
        id: trackId,
        title: 'Click 120',
        duration: 8,
        storagePath: `${trackId}.wav`,
        format: 'WAVE',
        contentType: 'audio/wav',
        sizeBytes: click.length,
        isPublic: true,
        tempo: found?.tempo ?? null,
        beats,
      },
    });

    const owner: Actor = { userId: crypto.randomUUID(), role: 'user', isAnonymous: false };
    const project = h.fake.project(owner, 'honor');
    project.videoSettings.durationPerPhoto = 1.5;
    project.videoSettings.transition = 'fade-to-black';
    project.videoSettings.cutOnBeat = true;
    project.videoSettings.music.timelineTracks = [
      { id: trackId, storage_path: `${trackId}.wav`, startTime: 0, duration: 6, instanceId: 'c1' },
    ];
    for (const [i, colour] of ['white', 'yellow', 'cyan', 'white'].entries()) {
      const path = join(dir, `solid-${i}.png`);
      await run('/usr/bin/ffmpeg', [
        ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${colour}:s=1920x1080`],
        ...['-frames:v', '1', path],
      ]);
      h.fake.addPhoto(project, path);
    }

    const { renderId } = await start(h, owner, project.id);
    const done = await finished(renderId, owner);
    expect(done).toMatchObject({ status: 'completed', error: null });
    const file = join(dir, 'on-the-beat.mp4');
    await writeFile(file, Buffer.from(await (await fetch(done.downloadUrl as string)).arrayBuffer()));

    // Each frame's mean brightness; with fade-to-black two black frames meet at every cut, the
    // incoming photo's first frame the second of them.
    const { stdout } = await run(
      '/usr/bin/ffmpeg',
      ['-v', 'error', '-i', file, '-vf', 'scale=16:9:flags=area,format=gray', '-f', 'rawvideo', 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
    );
    const pixels = stdout as unknown as Buffer;
    const brightness = Array.from({ length: pixels.length / 144 }, (_, frame) => {
      let sum = 0;
      for (let i = 0; i < 144; i += 1) sum += pixels[frame * 144 + i]!;
      return sum / 144;
    });
    const dark = brightness.map((value) => value < 24);
    const cuts = brightness.flatMap((_, frame) =>
      frame > 1 && frame < brightness.length - 1 && dark[frame] && dark[frame - 1] && !dark[frame - 2]
        ? [frame]
        : [],
    );
    expect(cuts).toHaveLength(3);
    for (const cut of cuts) {
      const nearest = Math.min(...beats.map((beat) => Math.abs(beat - cut / 30)));
      expect(nearest, `cut at frame ${cut}`).toBeLessThanOrEqual(1 / 30);
    }
    // The video ends on a beat too: shorter than 4 × 1.5 s, by less than one photo.
    expect(brightness.length).toBeLessThan(180);
    expect(brightness.length).toBeGreaterThan(135);
    expect(Math.min(...beats.map((beat) => Math.abs(beat - brightness.length / 30)))).toBeLessThanOrEqual(
      1 / 30,
    );
  });
});

describe('a render worker without Chromium', { timeout: 120_000 }, () => {
  const running = renderWithWorker({ renderer: { chromiumPath: '/nonexistent/chromium' } });

  it('fails the render at once with a clear reason instead of leaving it waiting', async () => {
    const { h } = running;
    const owner: Actor = { userId: crypto.randomUUID(), role: 'user', isAnonymous: false };
    const project = h.fake.project(owner, 'honor');
    h.fake.addPhoto(project, '/nonexistent/photo.jpg');
    const { renderId } = await start(h, owner, project.id);
    await eventually(async () => {
      const progress = await h.request(getRenderProgress, owner, { renderId });
      expect(progress.status).toBe('failed');
      // Product text only: where Chromium was looked for goes to the worker's log, not to the user.
      expect(progress.error).toBe(renderMessages.noChromium);
    }, 20_000);
  });
});

describe('a chunk whose worker fails once', { timeout: 120_000 }, () => {
  const calls: string[] = [];
  // A page that crashes on the first try of chunk 0; everything else "renders" a few bytes.
  const rendering = {
    async renderChunk(chunk: { frameRange: [number, number] }, output: string) {
      calls.push(`chunk ${chunk.frameRange[0]}`);
      if (calls.filter((call) => call === 'chunk 0').length === 1) throw new Error('Target page crashed');
      await writeFile(output, 'mp4');
      return { renderMs: 1 };
    },
    async stitch(_chunks: unknown, _music: unknown, output: string) {
      calls.push('stitch');
      await writeFile(output, 'video');
    },
    // Mixed beside the chunks, in no fixed order with them.
    async mixMusic(_music: unknown, _frames: number, output: string) {
      await writeFile(output, 'audio');
    },
    async close() {},
  };
  const running = renderWithWorker({ rendering });

  it('is delivered again and the render completes', async () => {
    const { h } = running;
    const owner: Actor = { userId: crypto.randomUUID(), role: 'user', isAnonymous: false };
    const project = h.fake.project(owner, 'honor');
    h.fake.addPhoto(project, '/tmp/photo.jpg');
    const { renderId } = await start(h, owner, project.id);
    await eventually(
      async () => expect((await h.request(getRenderProgress, owner, { renderId })).status).toBe('completed'),
      20_000,
    );
    expect(calls).toEqual(['chunk 0', 'chunk 0', 'stitch']);
  });
});
