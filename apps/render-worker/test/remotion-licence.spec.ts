import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoreelVideoProps } from '@memoreel/video';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChunkRenderer, type OutsideRequest, REMOTION_USAGE_URL } from '../src/chunks/chunk-renderer.js';
import { buildRenderPage, writeTestPhoto } from './fixtures.js';

const STILL = { scale: 1, translateX: 0, translateY: 0, rotate: 0 };

/**
 * Decision 0026: under a company licence Remotion's usage event leaves the page (and only it);
 * without one the page renders under 'free-license' and reaches nothing outside loopback.
 * Real Chromium, three frames of one photo per case.
 */
describe('the Remotion licence of the render page', { timeout: 180_000 }, () => {
  let dir: string;
  let pageDir: string;
  let props: MemoreelVideoProps;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'memoreel-licence-test-'));
    const [page, photo] = await Promise.all([
      buildRenderPage(join(dir, 'page')),
      writeTestPhoto(dir, 'a', 30),
    ]);
    pageDir = page;
    props = {
      photos: [{ id: 'p0', url: photo, transforms: { '0': STILL, '100': STILL } }],
      durationPerPhoto: 1,
      transition: 'fade',
      music: [],
    };
  }, 120_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Renders three frames and waits for the page's usage event to reach the request router. */
  async function renderWith(licenseKey: string | null) {
    const blocked: OutsideRequest[] = [];
    const allowed: OutsideRequest[] = [];
    const logs: string[] = [];
    let usageSeen: () => void = () => undefined;
    const usage = new Promise<void>((resolve) => {
      usageSeen = resolve;
    });
    const isUsage = (request: OutsideRequest) => request.url === REMOTION_USAGE_URL;
    const renderer = await ChunkRenderer.start({
      pageDir,
      licenseKey,
      onBlockedRequest: (_url, request) => {
        blocked.push(request);
        if (isUsage(request)) usageSeen();
      },
      onAllowedRequest: (request) => {
        allowed.push(request);
        if (isUsage(request)) usageSeen();
      },
      onPageLog: (line) => logs.push(line),
    });
    try {
      const chunk = await renderer.render({ props, frameRange: [0, 2] }, join(dir, `${licenseKey}.mp4`));
      expect(chunk.frames).toBe(3);
      // The web renderer sends the event without awaiting it: the render is done before it is routed.
      await usage;
    } finally {
      await renderer.close();
    }
    return { blocked, allowed, logs };
  }

  it('with a company key: lets the usage POST out, carrying the key, and nothing else', async () => {
    const { blocked, allowed } = await renderWith('memoreel-test-licence');

    expect(allowed.length).toBeGreaterThan(0);
    for (const request of allowed) {
      expect(request).toMatchObject({ url: REMOTION_USAGE_URL, method: 'POST' });
      expect(JSON.parse(request.body ?? '{}')).toMatchObject({
        apiKey: 'memoreel-test-licence',
        event: 'web-render',
      });
    }
    expect(blocked.filter((request) => request.url === REMOTION_USAGE_URL)).toEqual([]);
  });

  it("without a key: renders under 'free-license' and the usage POST stays blocked", async () => {
    const { blocked, allowed, logs } = await renderWith(null);

    expect(allowed).toEqual([]);
    const usage = blocked.filter((request) => request.url === REMOTION_USAGE_URL);
    expect(usage.length).toBeGreaterThan(0);
    // 'free-license' is sent as no key; a missing licenseKey would also have Remotion warn in the page.
    for (const request of usage) expect(JSON.parse(request.body ?? '{}').apiKey).toBeNull();
    expect(logs.filter((line) => line.includes('Pass "licenseKey"'))).toEqual([]);
    for (const request of blocked) expect(new URL(request.url).hostname).not.toBe('127.0.0.1');
  });
});
