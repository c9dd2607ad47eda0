/**
 * The landing page's demo clips, made by Memoreel itself: painted sample photos (scenes.ts, no photo
 * from outside the repository) go through the render worker's own path — the product's filter
 * recipe, `MemoreelVideoProps` with pan/zoom and dissolves, and `ChunkRenderer` (the Remotion
 * composition in headless Chromium, as every user's video is rendered) — and the 1080p result is
 * scaled to a small, muted, web-friendly H.264 MP4 with a WebP poster of its first frame.
 *
 * Each clip is three photos of 2.5 s. The video's fourth photo repeats the first, and the clip is
 * the frames from the first photo fully faded in (frame 8) to just before the same pose of its
 * repeat: so the clip loops without a seam and its first frame (the poster) is a whole photo,
 * never the black the video opens from.
 *
 * Writes apps/web/public/demo/{hero,celebration,memorial,pet}.{mp4,webp} (committed; the landing
 * page's texts name them in apps/web/src/features/landing/landing-content.ts). To regenerate:
 *
 *   (cd apps/render-worker && node ../../node_modules/vite/bin/vite.js build --config vite.page.config.ts)
 *   npm run --workspace tools/bench demo-clips
 *
 * (the first line builds the render page, `dist/page`, which `npx nx run @memoreel/render-worker:build`
 * also does). About a minute and a half of CPU (each clip's 225 frames rendered at 1080p, then scaled);
 * prints each file's size. Also see docs/architecture.md, "The SPA".
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type PhotoFilter, photoFilterMatrix, toSharpColourOps } from '@memoreel/domain';
import {
  ChunkRenderer,
  fadeFrames,
  framesPerPhoto,
  type MemoreelVideoProps,
  RENDER_PAGE_DIR,
} from '@memoreel/render-worker';
import sharp from 'sharp';
import { SCENES, type SceneSet } from './scenes.js';

const run = promisify(execFile);

const OUTPUT_DIR = join(import.meta.dirname, '..', '..', '..', '..', 'apps', 'web', 'public', 'demo');
const SECONDS_PER_PHOTO = 2.5;
/** The landing page never shows a clip wider than this (CSS px); phones get the same file. */
const CLIP_WIDTH = 640;
/** Each clip must stay under this; the encoder's quality is lowered step by step until it does. */
const MAX_CLIP_BYTES = 350_000;
const FIRST_CRF = 24;
const POSTER_QUALITY = 80;

interface Clip {
  name: string;
  scenes: SceneSet;
  /** One of the product's photo filters, applied as the media service bakes it. */
  filter: PhotoFilter;
}

const CLIPS: readonly Clip[] = [
  { name: 'hero', scenes: 'anniversary', filter: 'warm' },
  { name: 'celebration', scenes: 'birthday', filter: 'bright' },
  { name: 'memorial', scenes: 'memorial', filter: 'warm' },
  { name: 'pet', scenes: 'pet', filter: 'none' },
];

/** Gentle Ken Burns moves: slow zoom in or out, drifting a little; one per photo, in turn. */
const MOTIONS: MemoreelVideoProps['photos'][number]['transforms'][] = [
  {
    '0': { scale: 1.02, translateX: 0, translateY: 0, rotate: 0 },
    '100': { scale: 1.14, translateX: -2, translateY: -1, rotate: 0 },
  },
  {
    '0': { scale: 1.16, translateX: 2, translateY: 1, rotate: 0 },
    '100': { scale: 1.04, translateX: 0, translateY: 0, rotate: 0 },
  },
  {
    '0': { scale: 1.06, translateX: -1, translateY: 0, rotate: 0 },
    '100': { scale: 1.16, translateX: 2, translateY: -1, rotate: 0 },
  },
];

/** The photo as the video draws it: the filter's colour matrix baked in with sharp, as apps/media does. */
async function writePhoto(image: Buffer, filter: PhotoFilter, path: string): Promise<void> {
  let pipeline = sharp(image).toColourspace('srgb');
  if (filter !== 'none') {
    const { recomb, offset } = toSharpColourOps(photoFilterMatrix(filter));
    pipeline = pipeline.recomb(recomb).linear([1, 1, 1], offset);
  }
  await pipeline.jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toFile(path);
}

/** The clip's video: its photos, then the first again, so the loop's last frame leads into its first. */
function clipProps(photos: string[]): MemoreelVideoProps {
  const looped = [...photos, photos[0]!];
  return {
    photos: looped.map((url, i) => ({
      id: `photo-${i}`,
      url,
      transforms: MOTIONS[i % photos.length]!,
    })),
    durationPerPhoto: SECONDS_PER_PHOTO,
    transition: 'fade',
    music: [],
  };
}

/** 1080p → CLIP_WIDTH, no audio, moov first; the quality falls until the file fits MAX_CLIP_BYTES. */
async function encodeForWeb(source: string, output: string): Promise<{ bytes: number; crf: number }> {
  for (let crf = FIRST_CRF; ; crf += 2) {
    await run('ffmpeg', [
      ...['-v', 'error', '-y', '-i', source, '-an'],
      ...['-vf', `scale=${CLIP_WIDTH}:-2:flags=lanczos`],
      ...['-c:v', 'libx264', '-preset', 'slow', '-crf', String(crf), '-profile:v', 'high'],
      ...['-pix_fmt', 'yuv420p', '-movflags', '+faststart', output],
    ]);
    const { size } = await stat(output);
    if (size <= MAX_CLIP_BYTES || crf >= 40) return { bytes: size, crf };
  }
}

/** The clip's first frame as a WebP: what shows before (or instead of) the video. */
async function writePoster(clip: string, output: string): Promise<number> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', clip, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  const poster = await sharp(stdout).webp({ quality: POSTER_QUALITY, smartSubsample: true }).toBuffer();
  await writeFile(output, poster);
  return poster.length;
}

async function main() {
  if (!existsSync(join(RENDER_PAGE_DIR, 'index.html'))) {
    throw new Error(`The render page is not built (${RENDER_PAGE_DIR}): see this script's header`);
  }
  await mkdir(OUTPUT_DIR, { recursive: true });
  const dir = await mkdtemp(join(tmpdir(), 'memoreel-demo-clips-'));
  const renderer = await ChunkRenderer.start({});
  try {
    const sizes: Record<string, unknown> = {};
    for (const clip of CLIPS) {
      const photos: string[] = [];
      for (const [i, scene] of SCENES[clip.scenes].entries()) {
        const path = join(dir, `${clip.name}-${i}.jpg`);
        await writePhoto(await scene(), clip.filter, path);
        photos.push(path);
      }
      const props = clipProps(photos);
      const first = Math.ceil(fadeFrames(SECONDS_PER_PHOTO));
      const frames = photos.length * framesPerPhoto(SECONDS_PER_PHOTO);
      const rendered = join(dir, `${clip.name}-1080p.mp4`);
      const { elapsedMs } = await renderer.render(
        { props, frameRange: [first, first + frames - 1] },
        rendered,
      );
      const video = join(OUTPUT_DIR, `${clip.name}.mp4`);
      const { bytes, crf } = await encodeForWeb(rendered, video);
      const posterBytes = await writePoster(video, join(OUTPUT_DIR, `${clip.name}.webp`));
      sizes[clip.name] = {
        frames,
        renderSeconds: Math.round(elapsedMs / 100) / 10,
        mp4Bytes: bytes,
        crf,
        posterBytes,
      };
      console.error(`${clip.name}: ${JSON.stringify(sizes[clip.name])}`);
    }
    console.log(JSON.stringify({ outputDir: OUTPUT_DIR, clips: sizes }, null, 2));
  } finally {
    await renderer.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
