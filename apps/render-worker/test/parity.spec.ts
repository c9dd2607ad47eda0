import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type MemoreelVideoProps, musicPlacements } from '@memoreel/video';
import { chunkPlan } from '@memoreel/video/chunks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChunkRenderer } from '../src/chunks/chunk-renderer.js';
import { RemotionRenderer } from '../src/reference/remotion-renderer.js';
import { FFMPEG, ffprobe } from '../src/stitch/ffmpeg.js';
import { stitch } from '../src/stitch/stitch.js';
import { buildRenderPage, writeTestMusic, writeTestPhoto } from './fixtures.js';

const run = promisify(execFile);

/** The parity bar of issue 21: the web renderer's frames against `renderMedia`'s. */
const MIN_PSNR_DB = 33;

// Real Chromium and ffmpeg: the same 3 photos × 1 s (with motion, and dissolves or slides) rendered the
// way users get it — chunks by the web renderer, stitched with the music — and by the reference path,
// every frame drawn in the DOM and screenshotted by Remotion's own renderer (`renderMedia`). The square
// one opens on a title card over a blurred photo, captions two photos (Arabic; an emoji) and closes
// on a message, in the script face, and draws its last photo framed.
describe.each([
  { transition: 'fade', format: '16:9', width: 1920, height: 1080, cards: false },
  { transition: 'slide', format: '1:1', width: 1080, height: 1080, cards: true },
] as const)(
  'the chunked web render against Remotion’s renderMedia ($transition, $format, cards: $cards)',
  { timeout: 300_000 },
  ({ transition, format, width, height, cards }) => {
    /** Frames of each card (2 s) when the video has them. */
    const card = cards ? 60 : 0;
    const frames = 90 + 2 * card;
    let dir: string;
    let props: MemoreelVideoProps;
    let chunked: string;
    let reference: string;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'memoreel-parity-'));
      const [renderPage, ...photos] = await Promise.all([
        buildRenderPage(join(dir, 'page')),
        writeTestPhoto(dir, 'a', 0),
        writeTestPhoto(dir, 'b', 120),
        writeTestPhoto(dir, 'c', 240),
      ]);
      const music = await writeTestMusic(dir, 3);
      props = {
        photos: photos.map((path, i) => ({
          id: `p${i}`,
          url: path,
          // Captions in two scripts: Arabic (right to left) and English with an emoji.
          ...(cards && i < 2
            ? {
                caption:
                  i === 0
                    ? { text: 'جدتي روز في حديقتها', placement: 'top' as const }
                    : { text: 'Summer 1962 🌹\nwith Joe', placement: 'bottom' as const },
              }
            : {}),
          transforms: {
            '0': { scale: 1 + i * 0.1, translateX: 0, translateY: 0, rotate: 0 },
            '100': { scale: 1.4, translateX: i % 2 ? -8 : 8, translateY: 4, rotate: i * 5 },
          },
          // The last one framed (enlarged and moved, as a photo filling the frame is), its pose after it.
          ...(cards && i === 2 ? { framing: { scale: 1.3, translateX: 6, translateY: -3 } } : {}),
        })),
        durationPerPhoto: 1,
        transition,
        width,
        height,
        music: [{ instanceId: 'm1', url: music, startTime: 0, duration: frames / 30 }],
        ...(cards
          ? {
              opening: {
                title: 'Rose Ellis',
                subtitle: '1934 – 2024',
                background: { url: photos[1]! },
                seconds: 2,
              },
              closing: { message: 'Forever in our hearts', background: { color: '#f5f0e8' }, seconds: 2 },
              font: 'script' as const,
            }
          : {}),
      };

      const renderer = await ChunkRenderer.start({ pageDir: renderPage });
      try {
        const chunks = [];
        for (const chunk of chunkPlan(props, 30)) {
          chunks.push(
            await renderer.render(
              { props, frameRange: chunk.frameRange },
              join(dir, `chunk-${chunk.index}.mp4`),
            ),
          );
        }
        expect(chunks.map((chunk) => chunk.frames)).toEqual(Array(frames / 30).fill(30));
        chunked = join(dir, 'chunked.mp4');
        const placements = musicPlacements(props).map((placement) => ({ placement, source: music }));
        await stitch(chunks, placements, chunked);
      } finally {
        await renderer.close();
      }

      const remotion = await RemotionRenderer.start({ outDir: join(dir, 'remotion-bundle') });
      try {
        reference = join(dir, 'reference.mp4');
        await remotion.render(props, reference);
      } finally {
        await remotion.close();
      }
    }, 240_000);

    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    async function videoStream(file: string) {
      const probe = await ffprobe(file, ['-count_frames']);
      return probe.streams.find((stream) => stream.codec_type === 'video')!;
    }

    it('has the same frames: size, count, rate and duration', async () => {
      const [ours, theirs] = await Promise.all([videoStream(chunked), videoStream(reference)]);
      expect([ours.width, ours.height]).toEqual([width, height]);
      expect([theirs.width, theirs.height]).toEqual([ours.width, ours.height]);
      expect(ours.nb_read_frames).toBe(String(frames));
      expect(theirs.nb_read_frames).toBe(String(frames));
      expect(ours.r_frame_rate).toBe(theirs.r_frame_rate);
      expect(Number(ours.duration)).toBeCloseTo(Number(theirs.duration), 2);
      expect(Number(ours.duration)).toBeCloseTo(frames / 30, 2);
    });

    it(`draws the same pictures: ≥ ${MIN_PSNR_DB} dB PSNR over the video and on each photo’s middle frame`, async () => {
      const stats = join(dir, 'psnr.log');
      const { stderr } = await run(FFMPEG, [
        ...['-hide_banner', '-v', 'info', '-i', chunked, '-i', reference],
        // Both in limited-range BT.709 4:2:0 (the web renderer writes full range), frame by frame.
        ...[
          '-lavfi',
          `[0:v]scale=out_range=tv,format=yuv420p[a];[1:v]format=yuv420p[b];[a][b]psnr=stats_file=${stats}`,
        ],
        ...['-f', 'null', '-'],
      ]);
      const average = Number(/PSNR .*average:([\d.]+)/.exec(stderr)?.[1]);
      const perFrame = (await readFile(stats, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => Number(/psnr_avg:([\d.]+|inf)/.exec(line)?.[1]?.replace('inf', '100')));
      expect(perFrame).toHaveLength(frames);
      // Each photo's middle frame, and each card's.
      const middles = [15, 45, 75, ...(cards ? [-30, 120] : [])].map(
        (frame) => perFrame[card + frame] as number,
      );
      console.info(
        `parity (${transition}, ${format}): average ${average} dB, mid-photo ${middles.join(' / ')} dB, lowest ${Math.min(...perFrame)} dB`,
      );
      expect(average).toBeGreaterThanOrEqual(MIN_PSNR_DB);
      for (const psnr of middles) expect(psnr).toBeGreaterThanOrEqual(MIN_PSNR_DB);
    });
  },
);
