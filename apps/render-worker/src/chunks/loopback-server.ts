import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileURLToPath } from 'node:url';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** One render's view of the server: where the page fetches each photo. */
export type LoopbackJob = {
  mediaUrl: (index: number) => string;
  end: () => void;
};

/**
 * The only server the render page may reach (everything else is blocked by the browser context): it
 * serves the prebuilt page and proxies each job's photos (the worker fetches signed URLs and local
 * files, so the page never leaves loopback). The rendered MP4 comes back as a download (ChunkRenderer).
 */
export class LoopbackServer {
  private readonly jobs = new Map<string, { sources: string[]; contentKeys: (string | undefined)[] }>();

  private constructor(
    private readonly server: Server,
    private readonly pageDir: string,
  ) {}

  static async start(pageDir: string): Promise<LoopbackServer> {
    let instance: LoopbackServer | undefined;
    const server = createServer((request, response) => {
      instance!.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
        response.end(error instanceof Error ? error.message : String(error));
      });
    });
    // Chromium keeps idle connections and reuses them; if this server closed one first (Node's default
    // after 5 s idle), a request sent on it at that moment fails with "Failed to fetch" (seen
    // once, with a chunk's upload, two pages rendering). Let the browser be the one that closes idle connections.
    server.keepAliveTimeout = 10 * 60_000;
    instance = new LoopbackServer(server, pageDir);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return instance;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get pageUrl(): string {
    return `${this.origin}/page/index.html`;
  }

  /**
   * `sources`: each photo's URL (http(s), file: or a local path), served to the page by index.
   * `contentKeys` (URL-safe, e.g. a hash of what names the photo's pixels): a photo with one is
   * served at `/photo/<key>`, the same URL for every job, cacheable — so a page rendering chunk after
   * chunk loads and decodes a photo once instead of once per chunk.
   */
  openJob(sources: string[], contentKeys: (string | undefined)[] = []): LoopbackJob {
    const id = randomUUID();
    this.jobs.set(id, { sources, contentKeys });
    return {
      mediaUrl: (index) => {
        const key = contentKeys[index];
        return key
          ? `${this.origin}/photo/${encodeURIComponent(key)}`
          : `${this.origin}/media/${id}/${index}`;
      },
      end: () => this.jobs.delete(id),
    };
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', this.origin).pathname;
    const [, area, id, rest] = /^\/([a-z]+)\/([^/]+)(?:\/(.*))?$/.exec(path) ?? [];
    if (area === 'page' && request.method === 'GET')
      return this.servePage(path.slice('/page/'.length), response);
    if (area === 'photo' && id && request.method === 'GET') {
      const source = this.sourceOfKey(decodeURIComponent(id));
      if (source !== undefined) return this.serveMedia(source, response, true);
    }
    const job = id ? this.jobs.get(id) : undefined;
    if (area === 'media' && job && request.method === 'GET') {
      const source = job.sources[Number(rest)];
      if (source !== undefined) return this.serveMedia(source, response);
    }
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  }

  /** The source of a content key among the open jobs' photos (the newest job's: its URL is signed latest). */
  private sourceOfKey(key: string): string | undefined {
    let source: string | undefined;
    for (const job of this.jobs.values()) {
      const index = job.contentKeys.indexOf(key);
      if (index >= 0) source = job.sources[index];
    }
    return source;
  }

  private async servePage(relative: string, response: ServerResponse): Promise<void> {
    const file = normalize(join(this.pageDir, relative));
    if (!file.startsWith(this.pageDir + sep) || !(await stat(file).catch(() => null))?.isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
    await pipeline(createReadStream(file), response);
  }

  private async serveMedia(source: string, response: ServerResponse, cacheable = false): Promise<void> {
    // Content-named: the same key is always the same pixels.
    const caching = cacheable ? { 'cache-control': 'private, max-age=86400, immutable' } : {};
    if (/^https?:/i.test(source)) {
      const upstream = await fetch(source);
      if (!upstream.ok || !upstream.body) {
        response
          .writeHead(502, { 'content-type': 'text/plain' })
          .end(`Photo fetch failed: ${upstream.status}`);
        return;
      }
      response.writeHead(200, {
        'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
        ...caching,
      });
      await pipeline(Readable.fromWeb(upstream.body as NodeReadableStream), response);
      return;
    }
    const file = source.startsWith('file:') ? fileURLToPath(source) : source;
    if (!(await stat(file).catch(() => null))?.isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Photo not found');
      return;
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'image/jpeg',
      ...caching,
    });
    await pipeline(createReadStream(file), response);
  }
}
