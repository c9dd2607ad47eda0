/**
 * The stitch of a long video (issue 36: ≤ 3 % of the render): CHUNKS (default 34) chunks of
 * CHUNK_FRAMES (default 270) 1080p frames at the chunks' 10 Mbps — one x264 chunk of noisy test
 * pictures, stored under CHUNKS keys —, with one music track under the whole video, run as the render
 * worker runs it (`stitchRender`: the chunks downloaded from the local store, joined, the MP4 stored),
 * phase by phase. Baselines, side by side: plain ffmpeg doing the same join and mix from the chunk files
 * where they lie (no store, no copies), and the same with ffmpeg's default AAC coder (the stitch before
 * it chose the fast one). And the stitch as a render now runs it: the music mixed ahead (`mixMusic`,
 * beside the chunks: its time is given apart) and copied in while joining. Each side runs RUNS times
 * (default 3), alternating; medians are compared.
 * Prints one JSON object.
 *
 *   npm run stitch -w @memoreel/bench        (CHUNKS=400 for a 60-minute video)
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStorage } from '@memoreel/platform';
import { ffconcatList, ffmpeg, mixMusic, musicMixGraph, stitch, stitchRender } from '@memoreel/render-worker';
import { CHUNK_ENCODING, FPS, MUSIC_FADE_OUT_FRAMES } from '@memoreel/video/chunks';

const CHUNKS = Number(process.env.CHUNKS) || 34;
const CHUNK_FRAMES = Number(process.env.CHUNK_FRAMES) || 270;
const RUNS = Number(process.env.RUNS) || 3;
const BUCKET = 'renders';

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

const dir = await mkdtemp(join(tmpdir(), 'memoreel-stitch-bench-'));
try {
  const totalFrames = CHUNKS * CHUNK_FRAMES;
  // One chunk as the web renderer writes it: 1080p H.264 at the chunks' bitrate, of pictures busy
  // enough to use it (moving test pattern with film grain).
  const chunkFile = join(dir, 'chunk.mp4');
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=${FPS}:duration=${CHUNK_FRAMES / FPS}`],
    ...['-vf', 'noise=alls=24:allf=t'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-b:v', String(CHUNK_ENCODING.videoBitrate), '-maxrate', String(CHUNK_ENCODING.videoBitrate)],
    ...['-bufsize', String(CHUNK_ENCODING.videoBitrate * 2), chunkFile],
  ]);
  // Music: a 3-minute MP3 (as the library's tracks are), looped under the whole video by placing it again.
  const song = join(dir, 'song.mp3');
  await ffmpeg([
    ...[
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=220:duration=180',
      '-f',
      'lavfi',
      '-i',
      'anoisesrc=d=180:a=0.05',
    ],
    ...['-filter_complex', 'amix=inputs=2', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '192k', song],
  ]);
  const songFrames = 180 * FPS;
  const music = Array.from({ length: Math.ceil(totalFrames / songFrames) }, (_, i) => {
    const from = i * songFrames;
    const durationInFrames = Math.min(songFrames, totalFrames - from);
    return {
      placement: {
        instanceId: `track-${i}`,
        url: song,
        from,
        durationInFrames,
        fadeOutFrom: from + durationInFrames - MUSIC_FADE_OUT_FRAMES - 1,
      },
      source: song,
    };
  });

  // The store: the chunk under CHUNKS keys, as the render service's plan names them.
  const storageDir = join(dir, 'store');
  const storage = new LocalStorage({
    rootDir: storageDir,
    publicBaseUrl: 'http://127.0.0.1:1',
    signingSecret: 'stitch-bench-secret-of-32-characters',
  });
  await storage.ensureBuckets([BUCKET]);
  const keys = Array.from({ length: CHUNKS }, (_, i) => `chunks/${String(i).padStart(4, '0')}.mp4`);
  const { size: chunkBytes } = await stat(chunkFile);
  for (const key of keys) {
    await storage.put(BUCKET, key, createReadStream(chunkFile), {
      contentType: 'video/mp4',
      size: chunkBytes,
    });
  }

  const ours: { downloadMs: number; joinMs: number; uploadMs: number; totalMs: number }[] = [];
  const plain: number[] = [];
  const defaultCoder: number[] = [];
  const ahead: { mixMs: number; joinMs: number; totalMs: number }[] = [];
  /** The stored chunks and the music, as a stitch job names them. */
  const source = (outputKey: string, audioKey?: string) => ({
    storage,
    bucket: BUCKET,
    chunks: keys.map((key) => ({ key, frames: CHUNK_FRAMES })),
    music,
    audioKey,
    outputKey,
  });
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const timings = await stitchRender(source(`videos/run-${i}.mp4`), stitch);
    ours.push({ ...timings, totalMs: performance.now() - started });
    await storage.delete(BUCKET, `videos/run-${i}.mp4`);

    // The music mixed ahead (as render.audio.mix does while the chunks render), then the stitch.
    const mixStarted = performance.now();
    const mixed = join(dir, 'mixed.m4a');
    await mixMusic(music, totalFrames, mixed);
    const audioKey = `audio/run-${i}.m4a`;
    await storage.put(BUCKET, audioKey, createReadStream(mixed), {
      contentType: 'audio/mp4',
      size: (await stat(mixed)).size,
    });
    const mixMs = performance.now() - mixStarted;
    const aheadStarted = performance.now();
    const aheadTimings = await stitchRender(source(`videos/ahead-${i}.mp4`, audioKey), stitch);
    if (!aheadTimings.premixed) throw new Error('the stitch did not take the music mixed ahead');
    ahead.push({ mixMs, joinMs: aheadTimings.joinMs, totalMs: performance.now() - aheadStarted });
    await storage.delete(BUCKET, `videos/ahead-${i}.mp4`);
    await storage.delete(BUCKET, audioKey);

    // The same join and mix by hand from the files where they lie: with the stitch's AAC coder (the
    // floor: no store, no copies), and with ffmpeg's default one (what the stitch used before).
    const list = join(dir, 'plain.ffconcat');
    await writeFile(list, ffconcatList(keys.map(() => ({ path: chunkFile, frames: CHUNK_FRAMES }))));
    for (const [times, coder] of [
      [plain, ['-aac_coder', 'fast']],
      [defaultCoder, []],
    ] as const) {
      const plainStarted = performance.now();
      await ffmpeg([
        ...['-f', 'concat', '-safe', '0', '-i', list],
        ...['-f', 'lavfi', '-t', (totalFrames / FPS).toFixed(6), '-i', 'anullsrc=r=48000:cl=stereo'],
        ...music.flatMap(({ source }) => ['-i', source]),
        ...['-filter_complex', musicMixGraph(music), '-map', '0:v', '-map', '[audio]'],
        ...['-c:v', 'copy', '-c:a', 'aac', ...coder, '-b:a', '192k', '-movflags', '+faststart'],
        join(dir, 'plain.mp4'),
      ]);
      times.push(performance.now() - plainStarted);
      await rm(join(dir, 'plain.mp4'), { force: true });
    }
  }

  const total = median(ours.map((run) => run.totalMs));
  const baseline = median(plain);
  console.log(
    JSON.stringify(
      {
        bench: 'stitch',
        machine: { cores: availableParallelism(), loadAverage: loadavg().map((load) => round(load)) },
        video: {
          chunks: CHUNKS,
          frames: totalFrames,
          minutes: round(totalFrames / FPS / 60),
          megabytes: round((chunkBytes * CHUNKS) / 1e6, 0),
        },
        ours: {
          seconds: round(total / 1000),
          downloadSeconds: round(median(ours.map((run) => run.downloadMs)) / 1000),
          joinSeconds: round(median(ours.map((run) => run.joinMs)) / 1000),
          uploadSeconds: round(median(ours.map((run) => run.uploadMs)) / 1000),
          secondsPerVideoMinute: round(total / 1000 / (totalFrames / FPS / 60)),
        },
        oursMixedAhead: {
          seconds: round(median(ahead.map((run) => run.totalMs)) / 1000),
          joinSeconds: round(median(ahead.map((run) => run.joinMs)) / 1000),
          mixAheadSeconds: round(median(ahead.map((run) => run.mixMs)) / 1000),
        },
        plainFfmpeg: { seconds: round(baseline / 1000) },
        plainFfmpegDefaultAacCoder: { seconds: round(median(defaultCoder) / 1000) },
        ratio: {
          oursOverPlain: round(total / baseline),
          oursOverDefaultCoder: round(total / median(defaultCoder)),
          mixedAheadOverOurs: round(median(ahead.map((run) => run.totalMs)) / total),
        },
      },
      null,
      2,
    ),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
