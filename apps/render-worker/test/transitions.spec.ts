import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { MemoreelVideoProps } from '@memoreel/video';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChunkRenderer } from '../src/chunks/chunk-renderer.js';
import { RemotionRenderer } from '../src/reference/remotion-renderer.js';
import { FFMPEG } from '../src/stitch/ffmpeg.js';
import { buildRenderPage, writeTestPhoto } from './fixtures.js';

const run = promisify(execFile);

/** The parity bar of issue 21, frame by frame. */
const MIN_PSNR_DB = 33;

// Real Chromium and ffmpeg: each transition caught in the middle of its change (two photos of 1 s,
// their fades 3 frames: frame 28 is the outgoing photo's last but one), drawn by the web renderer as
// a one-frame chunk and by Remotion's renderer from the DOM, compared.
describe('each transition in mid-change: the web renderer against Remotion’s', { timeout: 300_000 }, () => {
  let dir: string;
  let photos: string[];
  let chunks: ChunkRenderer;
  let reference: RemotionRenderer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'memoreel-transitions-'));
    const [renderPage, ...written] = await Promise.all([
      buildRenderPage(join(dir, 'page')),
      writeTestPhoto(dir, 'a', 20),
      writeTestPhoto(dir, 'b', 200),
    ]);
    photos = written;
    chunks = await ChunkRenderer.start({ pageDir: renderPage });
    reference = await RemotionRenderer.start({ outDir: join(dir, 'remotion-bundle') });
  }, 300_000);

  afterAll(async () => {
    await chunks?.close();
    await reference?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function psnrAt(props: MemoreelVideoProps, frame: number, name: string): Promise<number> {
    const ours = join(dir, `${name}-ours.mp4`);
    const theirs = join(dir, `${name}-theirs.mp4`);
    await chunks.render({ props, frameRange: [frame, frame] }, ours);
    await reference.render(props, theirs, [frame, frame]);
    const { stderr } = await run(FFMPEG, [
      ...['-hide_banner', '-v', 'info', '-i', ours, '-i', theirs],
      ...['-lavfi', '[0:v]scale=out_range=tv,format=yuv420p[a];[1:v]format=yuv420p[b];[a][b]psnr'],
      ...['-f', 'null', '-'],
    ]);
    return Number(/PSNR .*average:([\d.]+|inf)/.exec(stderr)?.[1]?.replace('inf', '100'));
  }

  it.each(['fade-to-black', 'fade', 'slide', 'zoom'] as const)('%s', async (transition) => {
    const props: MemoreelVideoProps = {
      photos: photos.map((url, i) => ({
        id: `p${i}`,
        url,
        transforms: {
          '0': { scale: 1.1, translateX: 0, translateY: 0, rotate: 0 },
          '100': { scale: 1.3, translateX: i ? -6 : 6, translateY: 3, rotate: 2 },
        },
      })),
      durationPerPhoto: 1,
      transition,
      music: [],
    };
    const psnr = await psnrAt(props, 28, transition);
    console.info(`transition ${transition}: frame 28 at ${psnr} dB`);
    expect(psnr).toBeGreaterThanOrEqual(MIN_PSNR_DB);
  });
});
