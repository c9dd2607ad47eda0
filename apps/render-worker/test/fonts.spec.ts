import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoreelVideoProps } from '@memoreel/video';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChunkRenderer } from '../src/chunks/chunk-renderer.js';
import { buildRenderPage } from './fixtures.js';

// Real Chromium: a render page whose typeface files are gone (a broken deploy, a blocked request)
// must fail the chunk, never draw the title in a fallback face.
describe('a card whose typeface cannot load', { timeout: 180_000 }, () => {
  let dir: string;
  let chunks: ChunkRenderer;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'memoreel-fonts-'));
    const page = await buildRenderPage(join(dir, 'page'));
    const assets = join(page, 'assets');
    for (const file of await readdir(assets)) {
      if (/\.(woff2?|ttf)$/.test(file)) await rm(join(assets, file));
    }
    chunks = await ChunkRenderer.start({ pageDir: page });
  }, 180_000);

  afterAll(async () => {
    await chunks?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('fails the chunk instead of drawing the words in another face', async () => {
    const props: MemoreelVideoProps = {
      photos: [],
      durationPerPhoto: 1,
      transition: 'fade',
      music: [],
      opening: { title: 'Rose Ellis', subtitle: '1934 – 2024', background: { color: '#1c1917' }, seconds: 2 },
      font: 'script',
    };
    await expect(chunks.render({ props, frameRange: [30, 30] }, join(dir, 'card.mp4'))).rejects.toThrow(
      /The Great Vibes typeface did not load/,
    );
  });
});
