import { createHash } from 'node:crypto';
import { rename, unlink } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MemoreelVideoProps } from '@memoreel/video/chunks';
import { CHUNK_ENCODING, type ChunkEncoding } from '@memoreel/video/chunks';
import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core';
import {
  type FramePhasesMs,
  PAGE_RENDER_FUNCTION,
  type PageChunkJob,
  type PageChunkResult,
} from '../render-page-protocol.js';
import { LoopbackServer } from './loopback-server.js';
import { pageMedia, withServedMedia } from './page-media.js';

/** PLATFORM-NOTES: what Debian's Chromium needs to run headless in a container, and to stay quiet on the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the build puts the render page (`vite build --config vite.page.config.ts`), from src/ and dist/ alike. */
export const RENDER_PAGE_DIR = fileURLToPath(new URL('../../dist/page', import.meta.url));

/**
 * Chunks one page renders before it is closed and a fresh one opened: a page is reused (its bundle
 * loaded and compiled once) because chunks cut at the photos are short, and replaced now and then so
 * whatever a long-lived page accumulates stays bounded.
 */
export const CHUNKS_PER_PAGE = 25;

/** Where Remotion's web renderer posts its usage event (`sendUsageEvent`); company licences are billed by it. */
export const REMOTION_USAGE_URL = 'https://www.remotion.pro/api/track/register-usage-point';
/** The value Remotion documents for its free licence (remotion.dev/license): the usage event carries no key. */
export const REMOTION_FREE_LICENSE = 'free-license';

/** A request the render page made outside loopback. */
export type OutsideRequest = { url: string; method: string; body: string | null };

export type ChunkRendererOptions = {
  /** The built render page; RENDER_PAGE_DIR by default. */
  pageDir?: string;
  chromiumPath?: string;
  /**
   * Remotion company licence key, passed to `renderMediaOnWeb` and its usage event let out (decision
   * 0026); unset or empty renders under REMOTION_FREE_LICENSE, every outside request refused.
   */
  licenseKey?: string | null;
  /** CHUNK_ENCODING's by default; plan with `renderer.encoding` so chunk hashes name what was encoded. */
  videoBitrate?: number;
  /** Told of every request the render page tried outside loopback (which was refused). */
  onBlockedRequest?: (url: string, request: OutsideRequest) => void;
  /** Told of each outside request let through: only the licensed usage event. */
  onAllowedRequest?: (request: OutsideRequest) => void;
  /** Told of everything the page logs or throws, for diagnostics. */
  onPageLog?: (line: string) => void;
};

export type ChunkToRender = { props: MemoreelVideoProps; frameRange: [number, number] };

export type RenderedChunk = {
  path: string;
  frames: number;
  bytes: number;
  /** Wall time of the whole call: page load, render, the MP4 written. */
  elapsedMs: number;
  /** Inside the page: `renderMediaOnWeb` until the MP4 blob was ready. */
  renderMs: number;
  /** How the frames' time inside `renderMs` divides. */
  phasesMs: FramePhasesMs;
};

/** A chunk that did not render: a photo that would not load, a crashed page, an abort. */
export class ChunkRenderError extends Error {
  constructor(frameRange: [number, number], cause: unknown) {
    // Playwright's messages carry the page's stack and a call log after the first line.
    const reason = (cause instanceof Error ? cause.message : String(cause)).split('\n')[0];
    super(`Rendering frames ${frameRange[0]}–${frameRange[1]} failed: ${reason}`, { cause });
    this.name = 'ChunkRenderError';
  }
}

/** A loaded render page waiting for its next chunk. */
type IdlePage = { page: Page; chunks: number };

/**
 * Renders chunks of the Memoreel video to MP4 files with Remotion's web renderer, in one long-lived
 * headless Chromium. Pages of the prebuilt bundle are kept loaded between chunks (one per chunk
 * rendering at once, each replaced after CHUNKS_PER_PAGE chunks or a failure); a chunk's photos are
 * served under a URL of its own job, so nothing of one chunk is drawn in another. The pages reach only
 * this worker's loopback server, which also hands them the photos.
 */
export class ChunkRenderer {
  private readonly idle: IdlePage[] = [];

  private constructor(
    private readonly browser: Browser,
    private readonly context: BrowserContext,
    private readonly server: LoopbackServer,
    private readonly options: ChunkRendererOptions,
  ) {}

  static async start(options: ChunkRendererOptions): Promise<ChunkRenderer> {
    const server = await LoopbackServer.start(resolve(options.pageDir ?? RENDER_PAGE_DIR));
    const browser = await chromium
      .launch({ executablePath: options.chromiumPath ?? '/usr/bin/chromium', args: CHROMIUM_ARGS })
      .catch(async (error: unknown) => {
        await server.close();
        throw error;
      });
    const context = await browser.newContext({ serviceWorkers: 'block', acceptDownloads: true });
    const origin = server.origin;
    const licensed = isCompanyLicence(options.licenseKey);
    // Nothing but our loopback server is reachable (data: and blob: URLs never reach the router),
    // except, under a company licence, the usage event Remotion bills it by.
    await context.route('**/*', (route) => {
      const request = route.request();
      const url = request.url();
      if (url === origin || url.startsWith(`${origin}/`)) return route.continue();
      const outside = { url, method: request.method(), body: request.postData() };
      if (licensed && outside.method === 'POST' && url === REMOTION_USAGE_URL) {
        options.onAllowedRequest?.(outside);
        return route.continue();
      }
      options.onBlockedRequest?.(url, outside);
      return route.abort('blockedbyclient');
    });
    return new ChunkRenderer(browser, context, server, options);
  }

  /** What this renderer encodes: the `encoding` to pass to `chunkPlan`. */
  get encoding(): ChunkEncoding {
    return { ...CHUNK_ENCODING, videoBitrate: this.options.videoBitrate ?? CHUNK_ENCODING.videoBitrate };
  }

  /**
   * Renders `frameRange` (inclusive) of the video described by `props` to an MP4 at `outputPath`.
   * Aborting `signal` closes the chunk's page, which fails the render; nothing is written then.
   */
  async render(
    chunk: ChunkToRender,
    outputPath: string,
    { signal }: { signal?: AbortSignal } = {},
  ): Promise<RenderedChunk> {
    signal?.throwIfAborted();
    const started = performance.now();
    const [from, to] = chunk.frameRange;
    // Photos (and the cards' photo backgrounds) go by their content key (what the chunk hashes name
    // them by), so a reused page keeps them loaded from one chunk to the next.
    const media = pageMedia(chunk.props);
    const job = this.server.openJob(
      media.map((item) => item.url),
      media.map((item) => createHash('sha256').update(item.contentKey).digest('hex')),
    );
    let page: Page | undefined;
    let pageChunks = 0;
    let succeeded = false;
    const abort = () => void page?.close().catch(() => undefined);
    signal?.addEventListener('abort', abort, { once: true });
    try {
      ({ page, chunks: pageChunks } = await this.takePage());
      signal?.throwIfAborted();
      const pageJob: PageChunkJob = {
        props: withServedMedia(chunk.props, job.mediaUrl),
        frameRange: chunk.frameRange,
        videoBitrate: this.encoding.videoBitrate,
        licenseKey: isCompanyLicence(this.options.licenseKey)
          ? (this.options.licenseKey as string)
          : REMOTION_FREE_LICENSE,
      };
      // The page hands the MP4 over as a download once rendered (render-page.ts: handOver). No
      // timeout: the render takes as long as it takes; a failed render closes the page, which ends it.
      const download = page.waitForEvent('download', { timeout: 0 });
      download.catch(() => undefined);
      const result = await page.evaluate(
        ([name, input]) =>
          (globalThis as unknown as Record<string, (job: PageChunkJob) => Promise<PageChunkResult>>)[name]!(
            input,
          ),
        [PAGE_RENDER_FUNCTION, pageJob] as const,
      );
      await saveChunk(await download, outputPath);
      succeeded = true;
      return {
        path: outputPath,
        frames: to - from + 1,
        bytes: result.bytes,
        elapsedMs: performance.now() - started,
        renderMs: result.renderMs,
        phasesMs: result.phasesMs,
      };
    } catch (error) {
      throw new ChunkRenderError(chunk.frameRange, signal?.aborted ? signal.reason : error);
    } finally {
      signal?.removeEventListener('abort', abort);
      job.end();
      if (page) await this.releasePage(page, pageChunks + 1, succeeded);
    }
  }

  /** A loaded page from the idle ones, or a new one once the bundle has loaded in it. */
  private async takePage(): Promise<IdlePage> {
    for (let idle = this.idle.pop(); idle; idle = this.idle.pop()) {
      if (!idle.page.isClosed()) return idle;
    }
    const page = await this.context.newPage();
    const log = this.options.onPageLog;
    if (log) {
      page.on('console', (message) => log(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => log(`pageerror: ${error.message}`));
    }
    try {
      await page.goto(this.server.pageUrl);
      // This callback runs in the page (globalThis is its window).
      await page.waitForFunction((name) => name in globalThis, PAGE_RENDER_FUNCTION);
    } catch (error) {
      await page.close().catch(() => undefined);
      throw error;
    }
    return { page, chunks: 0 };
  }

  /** Back to the idle pages after a chunk it rendered; closed after a failure or its CHUNKS_PER_PAGE-th chunk. */
  private async releasePage(page: Page, chunks: number, succeeded: boolean): Promise<void> {
    if (succeeded && chunks < CHUNKS_PER_PAGE && !page.isClosed() && this.browser.isConnected()) {
      this.idle.push({ page, chunks });
      return;
    }
    await page.close().catch(() => undefined);
  }

  /** For the readiness check: false once Chromium has crashed or been closed. */
  isConnected(): boolean {
    return this.browser.isConnected();
  }

  async close(): Promise<void> {
    this.idle.length = 0;
    await this.context.close().catch(() => undefined);
    await this.browser.close();
    await this.server.close();
  }
}

/**
 * The page's download moved to `outputPath` (Chromium has written it whole by then), or copied there
 * through a partial file where it can't be moved (another file system); gone from Chromium's either way.
 */
async function saveChunk(download: Download, outputPath: string): Promise<void> {
  try {
    await rename(await download.path(), outputPath).catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyThroughPartial(download, outputPath);
    });
  } finally {
    // After a move Chromium's file is gone already: this only ends the download for Playwright.
    await download.delete().catch(() => undefined);
  }
}

/** The download copied to `outputPath` whole: through a partial file, removed if the copy fails. */
async function copyThroughPartial(download: Download, outputPath: string): Promise<void> {
  const partial = `${outputPath}.part`;
  try {
    await download.saveAs(partial);
    await rename(partial, outputPath);
  } catch (error) {
    await unlink(partial).catch(() => undefined);
    throw error;
  }
}

/** A key of Remotion's company licence, as opposed to none or the free licence's value. */
function isCompanyLicence(licenseKey: string | null | undefined): boolean {
  return Boolean(licenseKey) && licenseKey !== REMOTION_FREE_LICENSE;
}
