import { execFile } from 'node:child_process';
import { access, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type MemoreelVideoProps, musicPlacements } from '@memoreel/video';
import { chunkPlan } from '@memoreel/video/chunks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChunkRenderer, type RenderedChunk } from '../src/chunks/chunk-renderer.js';
import { FFMPEG, ffprobe } from '../src/stitch/ffmpeg.js';
import { stitch } from '../src/stitch/stitch.js';
import { buildRenderPage, writeTestMusic, writeTestPhoto } from './fixtures.js';

const run = promisify(execFile);

const MOVING = {
  '0': { scale: 1, translateX: 0, translateY: 0, rotate: 0 },
  '100': { scale: 1.5, translateX: 10, translateY: -5, rotate: 10 },
};

// Real Chromium and ffmpeg: a 3-second 1080p30 video (3 photos × 1 s, dissolves, one music track),
// rendered in one pass and in two chunks. Kept to 90 frames so the suite stays quick on 2 cores.
describe('rendering a video in Chromium and stitching it with ffmpeg', { timeout: 180_000 }, () => {
  let dir: string;
  let renderer: ChunkRenderer;
  let props: MemoreelVideoProps;
  let music: string;
  const blocked: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'memoreel-render-test-'));
    const [pageDir, ...photos] = await Promise.all([
      buildRenderPage(join(dir, 'page')),
      writeTestPhoto(dir, 'a', 0),
      writeTestPhoto(dir, 'b', 120),
      writeTestPhoto(dir, 'c', 240),
    ]);
    music = await writeTestMusic(dir, 2.5);
    props = {
      photos: photos.map((path, i) => ({ id: `p${i}`, url: path, transforms: MOVING })),
      durationPerPhoto: 1,
      transition: 'fade',
      // Starts at 0.5 s and ends at 3 s with the video: a delay, and a fade over its last 2 s.
      music: [{ instanceId: 'm1', url: music, startTime: 0.5, duration: 2.5 }],
    };
    renderer = await ChunkRenderer.start({
      pageDir,
      onBlockedRequest: (url) => blocked.push(url),
      onPageLog: (line) => {
        if (line.startsWith('pageerror')) pageErrors.push(line);
      },
    });
  }, 120_000);

  afterAll(async () => {
    await renderer?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function renderVideo(chunkFrames: number, name: string) {
    const chunks = chunkPlan(props, chunkFrames);
    const rendered = [];
    for (const chunk of chunks) {
      rendered.push(
        await renderer.render(
          { props, frameRange: chunk.frameRange },
          join(dir, `${name}-${chunk.index}.mp4`),
        ),
      );
    }
    const output = join(dir, `${name}.mp4`);
    const placements = musicPlacements(props).map((placement) => ({ placement, source: music }));
    await stitch(rendered, placements, output);
    return { output, rendered };
  }

  async function framePts(file: string): Promise<string[]> {
    const { stdout } = await run('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', file],
    ]);
    return stdout.trim().split('\n');
  }

  async function decodeErrors(file: string): Promise<string> {
    const { stdout, stderr } = await run(FFMPEG, ['-v', 'error', '-i', file, '-f', 'null', '-']);
    return stdout + stderr;
  }

  let single: Awaited<ReturnType<typeof renderVideo>>;
  let chunked: Awaited<ReturnType<typeof renderVideo>>;

  it('renders in one pass to a 1080p30 H.264 MP4 of exactly 90 frames and 3 s, with the music, decoding cleanly', async () => {
    single = await renderVideo(90, 'single');
    const probe = await ffprobe(single.output, ['-count_frames']);
    const video = probe.streams.find((stream) => stream.codec_type === 'video')!;
    const audio = probe.streams.find((stream) => stream.codec_type === 'audio');
    expect(video).toMatchObject({ codec_name: 'h264', width: 1920, height: 1080, r_frame_rate: '30/1' });
    expect(video.nb_read_frames).toBe('90');
    expect(Number(video.duration)).toBeCloseTo(3, 2);
    expect(audio).toMatchObject({ codec_name: 'aac', channels: 2, sample_rate: '48000' });
    expect(Number(audio!.duration)).toBeCloseTo(3, 1);
    expect(Number(probe.format.duration)).toBeCloseTo(3, 1);
    expect(await decodeErrors(single.output)).toBe('');
    // The frames' time divides into its phases, for the bench; none is missing, none beyond the render.
    const [{ phasesMs, renderMs }] = single.rendered as [RenderedChunk];
    for (const phase of Object.values(phasesMs)) expect(phase).toBeGreaterThan(0);
    expect(phasesMs.waitForReady + phasesMs.createFrame + phasesMs.addSample).toBeLessThanOrEqual(renderMs);
  });

  it('draws the photos: black at the first frame (the video opens from black), a photo in the middle', async () => {
    const first = await frameStats(single.output, 0);
    const middle = await frameStats(single.output, 45);
    expect(first.mean).toBeLessThan(2);
    expect(middle.mean).toBeGreaterThan(40);
    expect(middle.stdev).toBeGreaterThan(20);
  });

  it('puts the index (moov) before the media data (+faststart)', async () => {
    expect(await topLevelBoxes(single.output)).toEqual(['ftyp', 'moov', 'mdat']);
  });

  it('mixes the music in from its start time, faded out at the end', async () => {
    const loudness = async (from: number, duration: number) => {
      const { stderr } = await run(FFMPEG, [
        ...['-v', 'info', '-ss', String(from), '-t', String(duration), '-i', single.output],
        ...['-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-'],
      ]);
      return Number(/mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr)?.[1] ?? '-inf');
    };
    expect(await loudness(0, 0.4)).toBeLessThan(-80); // before the track starts
    const full = await loudness(0.6, 0.3); // before its fade (which starts at 0.97 s)
    expect(full).toBeGreaterThan(-25);
    expect(await loudness(2.8, 0.15)).toBeLessThan(full - 15); // the last frames, nearly silent
  });

  it('gives the same video in two chunks: same frames, same timestamps, same pictures', async () => {
    chunked = await renderVideo(45, 'chunked');
    expect(chunked.rendered.map((chunk) => chunk.frames)).toEqual([45, 45]);
    const probe = await ffprobe(chunked.output, ['-count_frames']);
    const video = probe.streams.find((stream) => stream.codec_type === 'video')!;
    expect(video.nb_read_frames).toBe('90');
    expect(Number(video.duration)).toBeCloseTo(3, 2);
    expect(await framePts(chunked.output)).toEqual(await framePts(single.output));
    expect(await decodeErrors(chunked.output)).toBe('');
    const { stderr } = await run(FFMPEG, [
      ...['-v', 'info', '-i', single.output, '-i', chunked.output],
      ...['-lavfi', '[0:v][1:v]psnr', '-f', 'null', '-'],
    ]);
    const psnr = /PSNR .*average:([\d.]+|inf)/.exec(stderr)?.[1];
    expect(psnr === 'inf' || Number(psnr) > 40).toBe(true);
  });

  it('draws each chunk’s own photos on a page reused from earlier chunks', async () => {
    // The photos reversed: frames 10–19 show photo c as the first photo, as frames 70–79 show it last
    // (same motion, full opacity in both), and not photo a, which the page drew there before.
    const reversed = { ...props, photos: [...props.photos].reverse() };
    const output = join(dir, 'reversed.mp4');
    await renderer.render({ props: reversed, frameRange: [10, 19] }, output);
    const psnrAgainst = async (from: number) => {
      const { stderr } = await run(FFMPEG, [
        ...['-v', 'info', '-i', single.output, '-i', output, '-lavfi'],
        `[0:v]trim=start_frame=${from}:end_frame=${from + 10},setpts=PTS-STARTPTS[a];[1:v]setpts=PTS-STARTPTS[b];[a][b]psnr`,
        ...['-f', 'null', '-'],
      ]);
      const psnr = /PSNR .*average:([\d.]+|inf)/.exec(stderr)?.[1];
      return psnr === 'inf' ? Number.POSITIVE_INFINITY : Number(psnr);
    };
    expect(await psnrAgainst(70)).toBeGreaterThan(40);
    expect(await psnrAgainst(10)).toBeLessThan(20);
  });

  it('fails a chunk whose photo cannot be loaded, writes no file, and keeps Chromium for the next job', async () => {
    const missing = {
      ...props,
      photos: props.photos.map((photo) => ({ ...photo, url: join(dir, 'missing.jpg') })),
    };
    const output = join(dir, 'failed.mp4');
    await expect(renderer.render({ props: missing, frameRange: [0, 5] }, output)).rejects.toThrow(
      /^Rendering frames 0–5 failed: .+/,
    );
    await expect(access(output)).rejects.toThrow();
    expect(renderer.isConnected()).toBe(true);
  });

  it('stops a chunk when its signal aborts', async () => {
    const controller = new AbortController();
    const output = join(dir, 'aborted.mp4');
    const rendering = renderer.render({ props, frameRange: [0, 89] }, output, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('job cancelled')), 500);
    await expect(rendering).rejects.toThrow('Rendering frames 0–89 failed: job cancelled');
    await expect(access(output)).rejects.toThrow();
  });

  it('lets the page reach nothing outside loopback: the web renderer’s usage event was refused', () => {
    expect(blocked.length).toBeGreaterThan(0);
    for (const url of blocked) expect(new URL(url).hostname).not.toMatch(/^(127\.0\.0\.1|localhost)$/);
    expect(blocked.some((url) => new URL(url).hostname.endsWith('remotion.pro'))).toBe(true);
    expect(pageErrors.filter((line) => !/Failed to fetch/.test(line))).toEqual([]);
  });
});

/** The MP4's top-level box types in file order (free/skip padding left out). */
async function topLevelBoxes(file: string): Promise<string[]> {
  const handle = await open(file);
  try {
    const { size } = await handle.stat();
    const types: string[] = [];
    const header = Buffer.alloc(16);
    for (let offset = 0; offset < size; ) {
      await handle.read(header, 0, 16, offset);
      const small = header.readUInt32BE(0);
      const boxSize = small === 1 ? Number(header.readBigUInt64BE(8)) : small;
      const type = header.toString('latin1', 4, 8);
      if (type !== 'free' && type !== 'skip') types.push(type);
      if (boxSize < 8) break;
      offset += boxSize;
    }
    return types;
  } finally {
    await handle.close();
  }
}

/** Mean and standard deviation of the grey levels of frame `index`, decoded by ffmpeg. */
async function frameStats(file: string, index: number): Promise<{ mean: number; stdev: number }> {
  const { stdout } = await run(
    FFMPEG,
    [
      ...['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${index}),format=gray`],
      ...['-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 64 << 20 },
  );
  const stats = await sharp(stdout).stats();
  return { mean: stats.channels[0]!.mean, stdev: stats.channels[0]!.stdev };
}
