/**
 * The render worker on a real-sized video: 10 photos × 3 s (900 frames, 1080p30), pan/zoom/rotate,
 * dissolves and one 30-second music track. Measures, in the same run:
 * - one chunk of all 900 frames through `ChunkRenderer` (Remotion's web renderer in headless
 *   Chromium): wall time, fps, the file's bitrate;
 * - the same frames as two chunks rendered at once (two pages of the one Chromium);
 * - `stitch` of the single chunk with the music (concat -c copy, mix, mux, +faststart) and its share
 *   of render + stitch;
 * - the video chunked as the render service plans it (cut at the photos, or every CHUNK_FRAMES frames)
 *   and stitched: its overhead against one chunk + stitch, rendered one chunk after another on one
 *   page (as a worker takes them) and by as many pages as cores (PAGES), each taking the next chunk;
 * - one photo changed: only the chunks that show it rendered again + stitch, against the full chunked
 *   render (`framesRendered`: how many of the 900 that is);
 * - a plain ffmpeg slideshow of the same photos (scale/pad, zoom, fades, libx264 veryfast at the same
 *   bitrate), for scale;
 * - the reference: Remotion's screenshot renderer (`renderMedia` of `@remotion/renderer`, through
 *   `RemotionRenderer`: each frame drawn in the DOM, screenshotted, x264) on the first REFERENCE_FRAMES
 *   frames; its CPU includes this process's (Remotion drives the frames from Node).
 * Each also reports the CPU seconds it took (Chromium's or ffmpeg's processes), steadier than wall
 * time on a shared machine.
 * With BITRATES=3000000,8000000,10000000 it also renders the video at each bitrate and reports each
 * one's achieved bitrate and PSNR against a 40 Mbps render of the same frames.
 * Prints one JSON object; `ratios` puts the aims side by side.
 *
 *   npx nx run @memoreel/render-worker:build && npm run --workspace tools/bench render
 *   (runs the built worker, dist/ of apps/render-worker and libs/video)
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import {
  CHUNK_ENCODING,
  ChunkRenderer,
  chunkPlan,
  DEFAULT_CHUNKING,
  type RenderedChunk,
  stitch,
} from '@memoreel/render-worker';
import { RemotionRenderer } from '@memoreel/render-worker/reference';
import { type MemoreelVideoProps, musicPlacements, videoDurationInFrames } from '@memoreel/video/chunks';
import sharp from 'sharp';

const run = promisify(execFile);
const PHOTOS = 10;
const SECONDS_PER_PHOTO = 3;
const BITRATES = (process.env.BITRATES ?? '').split(',').filter(Boolean).map(Number);
const REFERENCE_BITRATE = 40_000_000;
/** As the service plans (cut at the photos), or every CHUNK_FRAMES frames when that is set. */
const CHUNKING = Number(process.env.CHUNK_FRAMES) || DEFAULT_CHUNKING;
/** The photo changed for the one-photo re-render (the fifth: in the middle of the video). */
const CHANGED_PHOTO = 4;
const REFERENCE_FRAMES = Number(process.env.REFERENCE_FRAMES) || 90;
/** Pages of the one worker rendering chunks side by side (the worker's own default: one per core). */
const PAGES = Number(process.env.PAGES) || availableParallelism();

/** A photo-like JPEG: soft gradient, 300 translucent discs, film grain (as hard to encode as a real photo). */
async function writePhoto(dir: string, index: number): Promise<string> {
  const portrait = index % 5 === 4;
  const [width, height] = portrait ? [1280, 1920] : [1920, 1280];
  let seed = 7 + index;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const discs = Array.from(
    { length: 300 },
    () =>
      `<circle cx="${random() * width}" cy="${random() * height}" r="${10 + random() * 200}" fill="hsl(${random() * 360},55%,${25 + random() * 55}%)" opacity="0.35"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1">
      <stop offset="0" stop-color="#87a9d6"/><stop offset="0.55" stop-color="#e8c39e"/><stop offset="1" stop-color="#3d5a40"/>
    </linearGradient></defs><rect width="${width}" height="${height}" fill="url(#g)"/>${discs}</svg>`;
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .png()
    .toBuffer();
  const path = join(dir, `photo-${index}.jpg`);
  await sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .toFile(path);
  return path;
}

function videoProps(photos: string[], music: string): MemoreelVideoProps {
  return {
    photos: photos.map((url, i) => ({
      id: `photo-${i}`,
      url,
      transforms: {
        '0': { scale: 1 + (i % 3) * 0.1, translateX: 0, translateY: 0, rotate: 0 },
        '100': {
          scale: 1.4 + (i % 2) * 0.3,
          translateX: (i % 2 ? -1 : 1) * 8,
          translateY: 4,
          rotate: (i % 3) * 5,
        },
      },
    })),
    durationPerPhoto: SECONDS_PER_PHOTO,
    transition: 'fade',
    music: [{ instanceId: 'music', url: music, startTime: 0, duration: PHOTOS * SECONDS_PER_PHOTO }],
  };
}

async function probeVideo(file: string) {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-count_frames'],
    ...['-show_entries', 'stream=bit_rate,nb_read_frames,profile,pix_fmt', '-of', 'json', file],
  ]);
  const [stream] = JSON.parse(stdout).streams as { bit_rate: string; nb_read_frames: string }[];
  return { frames: Number(stream!.nb_read_frames), mbps: round(Number(stream!.bit_rate) / 1e6) };
}

async function psnr(file: string, reference: string): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    '-i',
    file,
    '-i',
    reference,
    '-lavfi',
    '[0:v][1:v]psnr',
    '-f',
    'null',
    '-',
  ]);
  return Number(/average:([\d.]+)/.exec(stderr)?.[1]);
}

/** The same slideshow as plain ffmpeg would make it: each photo fitted, zoomed, faded, then concatenated. */
async function ffmpegSlideshow(photos: string[], output: string): Promise<number> {
  const frames = SECONDS_PER_PHOTO * 30;
  const inputs = photos.flatMap((photo) => [
    '-loop',
    '1',
    '-framerate',
    '30',
    '-t',
    String(SECONDS_PER_PHOTO),
    '-i',
    photo,
  ]);
  const chains = photos.map(
    (_, i) =>
      `[${i}:v]scale=1920:1080:force_original_aspect_ratio=decrease,pad=1920:1080:(ow-iw)/2:(oh-ih)/2,` +
      `zoompan=z='1+0.4*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=1920x1080:fps=30,` +
      `fade=t=in:st=0:d=0.3,fade=t=out:st=${SECONDS_PER_PHOTO - 0.3}:d=0.3,setsar=1[v${i}]`,
  );
  const graph = `${chains.join(';')};${photos.map((_, i) => `[v${i}]`).join('')}concat=n=${photos.length}:v=1:a=0[out]`;
  const started = performance.now();
  await run('ffmpeg', [
    ...['-v', 'error', '-y', ...inputs, '-filter_complex', graph, '-map', '[out]'],
    ...[
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-b:v',
      String(CHUNK_ENCODING.videoBitrate),
      '-pix_fmt',
      'yuv420p',
      output,
    ],
  ]);
  return performance.now() - started;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/**
 * CPU seconds used so far by this process's children and their descendants: live ones (Chromium and
 * its processes) with what they reaped (closed pages' renderers), plus our own reaped children
 * (ffmpeg). On a shared machine this is steadier than wall time.
 */
function childrenCpuSeconds(): number {
  const ticksPerSecond = 100;
  const stats = new Map<number, { ppid: number; ticks: number; reapedTicks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the ")" that ends the command name: state ppid … utime(12) stime(13) cutime(14) cstime(15).
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = text
        .slice(text.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      stats.set(Number(entry), {
        ppid: fields[1]!,
        ticks: fields[11]! + fields[12]!,
        reapedTicks: fields[13]! + fields[14]!,
      });
    } catch {
      // The process ended while we listed them.
    }
  }
  const isDescendant = (pid: number): boolean => {
    for (
      let parent = stats.get(pid)?.ppid;
      parent !== undefined && parent > 1;
      parent = stats.get(parent)?.ppid
    ) {
      if (parent === process.pid) return true;
    }
    return false;
  };
  let ticks = stats.get(process.pid)?.reapedTicks ?? 0;
  for (const [pid, stat] of stats) if (isDescendant(pid)) ticks += stat.ticks + stat.reapedTicks;
  return ticks / ticksPerSecond;
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'memoreel-render-bench-'));
  const renderer = await ChunkRenderer.start({});
  try {
    const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => writePhoto(dir, i)));
    const music = join(dir, 'music.mp3');
    await run('ffmpeg', [
      ...[
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        `anoisesrc=color=pink:amplitude=0.1:duration=${PHOTOS * SECONDS_PER_PHOTO}`,
      ],
      ...['-f', 'lavfi', '-i', `sine=frequency=330:duration=${PHOTOS * SECONDS_PER_PHOTO}`],
      ...['-filter_complex', 'amix=inputs=2', '-c:a', 'libmp3lame', '-b:a', '192k', music],
    ]);
    const props = videoProps(photos, music);
    const totalFrames = videoDurationInFrames(props);

    // Warm-up: Chromium's first page pays for compiling the bundle.
    await renderer.render({ props, frameRange: [0, 29] }, join(dir, 'warmup.mp4'));

    let cpu = childrenCpuSeconds();
    const cpuSince = () => {
      const before = cpu;
      cpu = childrenCpuSeconds();
      return round(cpu - before, 1);
    };
    const single = await renderer.render(
      { props, frameRange: [0, totalFrames - 1] },
      join(dir, 'single.mp4'),
    );
    const singleCpu = cpuSince();
    const singleFile = await probeVideo(single.path);

    const halves = chunkPlan(props, Math.ceil(totalFrames / 2));
    cpuSince();
    const parallelStarted = performance.now();
    const parallel = await Promise.all(
      halves.map((chunk) =>
        renderer.render({ props, frameRange: chunk.frameRange }, join(dir, `half-${chunk.index}.mp4`)),
      ),
    );
    const parallelMs = performance.now() - parallelStarted;
    const parallelCpu = cpuSince();

    const musicTracks = musicPlacements(props).map((placement) => ({ placement, source: music }));
    const stitched = join(dir, 'video.mp4');
    cpuSince();
    const stitchStarted = performance.now();
    await stitch([single], musicTracks, stitched);
    const stitchMs = performance.now() - stitchStarted;
    const stitchCpu = cpuSince();
    const stitchedFromHalves = join(dir, 'video-from-halves.mp4');
    await stitch(parallel, [], stitchedFromHalves);

    // As the service renders it: its chunks taken by one worker, one after another on one page (the
    // worker's job concurrency) or `pages` at a time (each page takes the next chunk when it is done),
    // then the stitch.
    const plan = chunkPlan(props, CHUNKING);
    const renderChunks = async (
      chunks: typeof plan,
      videoProps: MemoreelVideoProps,
      name: string,
      pages = 1,
    ) => {
      const files: RenderedChunk[] = new Array(chunks.length);
      let next = 0;
      const page = async () => {
        for (let at = next++; at < chunks.length; at = next++) {
          const chunk = chunks[at]!;
          files[at] = await renderer.render(
            { props: videoProps, frameRange: chunk.frameRange },
            join(dir, `${name}-${chunk.index}.mp4`),
          );
        }
      };
      await Promise.all(Array.from({ length: pages }, page));
      return files;
    };
    cpuSince();
    const chunkedStarted = performance.now();
    const chunkFiles = await renderChunks(plan, props, 'chunk');
    const chunkedStitched = join(dir, 'video-chunked.mp4');
    await stitch(chunkFiles, musicTracks, chunkedStitched);
    const chunkedMs = performance.now() - chunkedStarted;
    const chunkedCpu = cpuSince();

    cpuSince();
    const pagesStarted = performance.now();
    const pagesFiles = await renderChunks(plan, props, 'paged', PAGES);
    const pagesStitched = join(dir, 'video-pages.mp4');
    await stitch(pagesFiles, musicTracks, pagesStitched);
    const pagesMs = performance.now() - pagesStarted;
    const pagesCpu = cpuSince();

    // One photo replaced: only the chunks whose hash changed are rendered again, the others reused.
    const edited = {
      ...props,
      photos: props.photos.map((photo, i) => (i === CHANGED_PHOTO ? { ...photo, url: '' } : photo)),
    };
    edited.photos[CHANGED_PHOTO]!.url = await writePhoto(dir, 40 + CHANGED_PHOTO);
    const editedPlan = chunkPlan(edited, CHUNKING);
    const changed = editedPlan.filter((chunk, i) => chunk.hash !== plan[i]!.hash);
    cpuSince();
    const rerenderStarted = performance.now();
    const rerendered = new Map(
      (await renderChunks(changed, edited, 'edited')).map((file, i) => [changed[i]!.index, file]),
    );
    await stitch(
      editedPlan.map((chunk) => rerendered.get(chunk.index) ?? chunkFiles[chunk.index]!),
      musicTracks,
      join(dir, 'video-edited.mp4'),
    );
    const rerenderMs = performance.now() - rerenderStarted;
    const rerenderCpu = cpuSince();

    cpuSince();
    const slideshowMs = await ffmpegSlideshow(photos, join(dir, 'slideshow.mp4'));
    const slideshowCpu = cpuSince();

    // The reference path: Remotion's renderMedia (Chromium draws each frame in the DOM, screenshots
    // are encoded), bundled once before it is timed.
    const remotion = await RemotionRenderer.start({ outDir: join(dir, 'remotion-bundle') });
    cpuSince();
    const ownCpuBefore = process.cpuUsage();
    const reference = await remotion
      .render(props, join(dir, 'reference.mp4'), [0, REFERENCE_FRAMES - 1])
      .finally(() => remotion.close());
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const referenceCpu = round(cpuSince() + (ownCpu.user + ownCpu.system) / 1e6, 1);

    const bitrates = [];
    if (BITRATES.length > 0) {
      const reference = await ChunkRenderer.start({ videoBitrate: REFERENCE_BITRATE });
      const referenceFile = join(dir, 'reference.mp4');
      await reference.render({ props, frameRange: [0, totalFrames - 1] }, referenceFile);
      await reference.close();
      for (const videoBitrate of BITRATES) {
        const at = await ChunkRenderer.start({ videoBitrate });
        const file = join(dir, `bitrate-${videoBitrate}.mp4`);
        const rendered = await at.render({ props, frameRange: [0, totalFrames - 1] }, file);
        await at.close();
        bitrates.push({
          requestedMbps: videoBitrate / 1e6,
          achievedMbps: (await probeVideo(file)).mbps,
          psnrAgainst40Mbps: round(await psnr(file, referenceFile)),
          fps: round(totalFrames / (rendered.elapsedMs / 1000), 1),
        });
      }
    }

    const result = {
      video: { photos: PHOTOS, frames: totalFrames, width: 1920, height: 1080, fps: 30, transition: 'fade' },
      singleChunk: {
        seconds: round(single.elapsedMs / 1000),
        fps: round(totalFrames / (single.elapsedMs / 1000), 1),
        renderOnlyFps: round(totalFrames / (single.renderMs / 1000), 1),
        // Milliseconds a frame: waiting for it to be ready, drawing it, handing it to the encoder.
        msPerFrame: {
          waitForReady: round(single.phasesMs.waitForReady / totalFrames, 2),
          createFrame: round(single.phasesMs.createFrame / totalFrames, 2),
          addSample: round(single.phasesMs.addSample / totalFrames, 2),
        },
        cpuSeconds: singleCpu,
        requestedMbps: CHUNK_ENCODING.videoBitrate / 1e6,
        achievedMbps: singleFile.mbps,
        frames: singleFile.frames,
      },
      twoChunksAtOnce: {
        seconds: round(parallelMs / 1000),
        fps: round(totalFrames / (parallelMs / 1000), 1),
        cpuSeconds: parallelCpu,
        stitchedFrames: (await probeVideo(stitchedFromHalves)).frames,
      },
      stitch: {
        seconds: round(stitchMs / 1000),
        shareOfRenderAndStitch: round(stitchMs / (stitchMs + single.elapsedMs), 3),
        frames: (await probeVideo(stitched)).frames,
      },
      chunked: {
        chunking: CHUNKING,
        chunkFrames: plan.map((chunk) => chunk.frames),
        chunks: plan.length,
        secondsWithStitch: round(chunkedMs / 1000),
        fps: round(totalFrames / (chunkedMs / 1000), 1),
        cpuSeconds: chunkedCpu,
        frames: (await probeVideo(chunkedStitched)).frames,
      },
      chunkedPages: {
        pages: PAGES,
        secondsWithStitch: round(pagesMs / 1000),
        fps: round(totalFrames / (pagesMs / 1000), 1),
        cpuSeconds: pagesCpu,
        frames: (await probeVideo(pagesStitched)).frames,
      },
      onePhotoRerender: {
        changedPhoto: CHANGED_PHOTO + 1,
        chunksRendered: changed.length,
        framesRendered: changed.reduce((sum, chunk) => sum + chunk.frames, 0),
        secondsWithStitch: round(rerenderMs / 1000),
        cpuSeconds: rerenderCpu,
      },
      renderMedia: {
        frames: reference.frames,
        seconds: round(reference.elapsedMs / 1000),
        fps: round(reference.frames / (reference.elapsedMs / 1000), 1),
        cpuSeconds: referenceCpu,
        cpuMsPerFrame: round((referenceCpu * 1000) / reference.frames, 0),
      },
      ffmpegSlideshow: {
        seconds: round(slideshowMs / 1000),
        fps: round(totalFrames / (slideshowMs / 1000), 1),
        cpuSeconds: slideshowCpu,
      },
      ...(bitrates.length > 0 ? { bitrates } : {}),
      ratios: {
        singleChunkFpsVsFfmpeg: round(slideshowMs / single.elapsedMs),
        singleChunkCpuVsFfmpeg: round(slideshowCpu / singleCpu),
        chunkedOverheadCpu: round(chunkedCpu / (singleCpu + stitchCpu)),
        chunkedOverheadWall: round(chunkedMs / (single.elapsedMs + stitchMs)),
        chunkedPagesOverheadCpu: round(pagesCpu / (singleCpu + stitchCpu)),
        chunkedPagesOverheadWall: round(pagesMs / (single.elapsedMs + stitchMs)),
        stitchShare: round(stitchMs / (stitchMs + single.elapsedMs), 3),
        onePhotoRerenderShareWall: round(rerenderMs / chunkedMs),
        onePhotoRerenderShareCpu: round(rerenderCpu / chunkedCpu),
        oursVsRenderMediaFps: round(
          totalFrames / (single.elapsedMs / 1000) / (reference.frames / (reference.elapsedMs / 1000)),
        ),
        oursVsRenderMediaCpuPerFrame: round(referenceCpu / reference.frames / (singleCpu / totalFrames)),
      },
      loadAverage: loadavg().map((load) => round(load)),
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await renderer.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
