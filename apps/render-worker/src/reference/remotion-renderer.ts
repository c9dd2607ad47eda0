import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { COMPOSITION_ID, type MemoreelVideoProps, videoDurationInFrames } from '@memoreel/video';
import { bundle } from '@remotion/bundler';
import { renderMedia, selectComposition } from '@remotion/renderer';
import { LoopbackServer } from '../chunks/loopback-server.js';
import { pageMedia, withServedMedia } from '../chunks/page-media.js';

export type RemotionRendererOptions = {
  chromiumPath?: string;
  /** Where the bundle goes (a temp folder by default); bundling takes seconds, so it is done once. */
  outDir?: string;
};

/**
 * The reference path (issue 21): Remotion's own screenshot renderer (`renderMedia` of
 * `@remotion/renderer`) on a webpack bundle of the composition (`@memoreel/video/register-root`) —
 * Chromium draws each frame in the DOM, Remotion screenshots it and encodes with its own ffmpeg. Slow
 * (several times the web renderer's CPU a frame); for the parity test and the bench, never for users.
 * Installed as development dependencies only: the worker's image does not carry it.
 */
export class RemotionRenderer {
  private constructor(
    private readonly serveUrl: string,
    private readonly photos: LoopbackServer,
    private readonly chromiumPath: string,
  ) {}

  static async start(options: RemotionRendererOptions = {}): Promise<RemotionRenderer> {
    const entryPoint = createRequire(import.meta.url).resolve('@memoreel/video/register-root');
    const serveUrl = await bundle({
      entryPoint,
      outDir: options.outDir,
      enableCaching: true,
      // Our packages' TypeScript sources import each other as `.js` (NodeNext), under our source condition.
      webpackOverride: (config) => ({
        ...config,
        resolve: {
          ...config.resolve,
          extensionAlias: { '.js': ['.tsx', '.ts', '.js'] },
          conditionNames: ['@memoreel/source', 'import', 'module', 'browser', 'default'],
        },
      }),
    });
    // Photos (local files or signed URLs) are served to Remotion's page from loopback, by index.
    const photos = await LoopbackServer.start(serveUrl);
    return new RemotionRenderer(serveUrl, photos, options.chromiumPath ?? '/usr/bin/chromium');
  }

  /** Renders every frame of the video (or `frameRange`, inclusive) to a silent H.264 MP4 at `outputPath`. */
  async render(
    props: MemoreelVideoProps,
    outputPath: string,
    frameRange: [number, number] = [0, videoDurationInFrames(props) - 1],
  ): Promise<{ frames: number; elapsedMs: number }> {
    const started = performance.now();
    const job = this.photos.openJob(pageMedia(props).map((item) => item.url));
    try {
      const inputProps: MemoreelVideoProps = {
        ...withServedMedia(props, job.mediaUrl),
        // The music is mixed by the stitch, as for users; the reference is compared on pictures.
        music: [],
      };
      // Without `browserExecutable` Remotion downloads Chrome Headless Shell (PLATFORM-NOTES).
      const browserExecutable = this.chromiumPath;
      const composition = await selectComposition({
        serveUrl: this.serveUrl,
        id: COMPOSITION_ID,
        inputProps,
        browserExecutable,
        logLevel: 'error',
      });
      await renderMedia({
        serveUrl: this.serveUrl,
        composition,
        inputProps,
        codec: 'h264',
        outputLocation: outputPath,
        frameRange,
        muted: true,
        browserExecutable,
        // Tagged BT.709 4:2:0 (untagged full range otherwise), nearly lossless, as a reference should be.
        colorSpace: 'bt709',
        crf: 8,
        x264Preset: 'veryfast',
        concurrency: 1,
        logLevel: 'error',
        overwrite: true,
      });
      return { frames: frameRange[1] - frameRange[0] + 1, elapsedMs: performance.now() - started };
    } finally {
      job.end();
    }
  }

  async close(): Promise<void> {
    await this.photos.close();
  }
}
