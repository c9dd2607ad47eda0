import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { FPS, HEIGHT, type MemoreelVideoProps, videoDurationInFrames, WIDTH } from '@memoreel/video/chunks';
import { type Browser, chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../chunks/chunk-renderer.js';
import { LoopbackServer } from '../chunks/loopback-server.js';
import { FFMPEG } from '../stitch/ffmpeg.js';
import { REFERENCE_FRAME_FUNCTION } from './reference-page-protocol.js';

export type ScreenshotRendererOptions = {
  /** The built reference page (`vite build --config vite.reference.config.ts`). */
  pageDir: string;
  chromiumPath?: string;
};

/**
 * The reference path (issue 21): the video as Remotion's screenshot renderer makes it — Chromium draws
 * each frame in the DOM, a screenshot is taken, ffmpeg encodes the PNGs (x264, nearly lossless, bt709
 * like the web renderer's chunks). Slow; for the parity test and the bench, never for users.
 */
export class ScreenshotRenderer {
  private constructor(
    private readonly browser: Browser,
    private readonly server: LoopbackServer,
  ) {}

  static async start(options: ScreenshotRendererOptions): Promise<ScreenshotRenderer> {
    const server = await LoopbackServer.start(resolve(options.pageDir));
    const browser = await chromium
      .launch({ executablePath: options.chromiumPath ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
      .catch(async (error: unknown) => {
        await server.close();
        throw error;
      });
    return new ScreenshotRenderer(browser, server);
  }

  /** Renders every frame of the video (or `frameRange`, inclusive) to an MP4 at `outputPath`. */
  async render(
    props: MemoreelVideoProps,
    outputPath: string,
    frameRange: [number, number] = [0, videoDurationInFrames(props) - 1],
  ): Promise<{ frames: number; elapsedMs: number }> {
    const started = performance.now();
    const job = this.server.openJob(
      props.photos.map((photo) => photo.url),
      `${outputPath}.unused`,
    );
    const context = await this.browser.newContext({
      viewport: { width: WIDTH, height: HEIGHT },
      deviceScaleFactor: 1,
      serviceWorkers: 'block',
    });
    const origin = this.server.origin;
    await context.route('**/*', (route) =>
      route.request().url().startsWith(`${origin}/`) ? route.continue() : route.abort('blockedbyclient'),
    );
    const encoder = spawn(
      FFMPEG,
      [
        ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
        ...['-f', 'image2pipe', '-framerate', String(FPS), '-c:v', 'png', '-i', '-'],
        ...['-vf', 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '8'],
        ...['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'],
        ...['-movflags', '+faststart', outputPath],
      ],
      { stdio: ['pipe', 'ignore', 'pipe'] },
    );
    let stderr = '';
    encoder.stderr.on('data', (data) => {
      stderr += String(data);
    });
    const exited = once(encoder, 'close');
    try {
      const page = await context.newPage();
      await page.goto(this.server.pageUrl);
      await page.waitForFunction((name) => name in globalThis, REFERENCE_FRAME_FUNCTION);
      const pageProps: MemoreelVideoProps = {
        ...props,
        photos: props.photos.map((photo, index) =>
          photo.url.startsWith('data:') ? photo : { ...photo, url: job.mediaUrl(index) },
        ),
      };
      for (let frame = frameRange[0]; frame <= frameRange[1]; frame++) {
        await page.evaluate(
          ([name, input, at]) =>
            (
              globalThis as unknown as Record<
                string,
                (props: MemoreelVideoProps, frame: number) => Promise<void>
              >
            )[name]!(input, at),
          [REFERENCE_FRAME_FUNCTION, pageProps, frame] as const,
        );
        const png = await page.screenshot({
          type: 'png',
          clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT },
        });
        if (!encoder.stdin.write(png)) await once(encoder.stdin, 'drain');
      }
      encoder.stdin.end();
      const [code] = await exited;
      if (code !== 0) throw new Error(`ffmpeg failed: ${stderr.trim()}`);
      return { frames: frameRange[1] - frameRange[0] + 1, elapsedMs: performance.now() - started };
    } finally {
      if (encoder.exitCode === null) encoder.kill('SIGKILL');
      job.end();
      await context.close();
    }
  }

  async close(): Promise<void> {
    await this.browser.close();
    await this.server.close();
  }
}
