import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeThumbnails } from './thumbnails.js';

/** A photo-like JPEG (noise compresses badly, like a real photo). */
async function jpeg(width: number, height: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('thumbnails', () => {
  it('of a 12 MP photo are timed (three sizes from one decode)', async () => {
    const photo = await jpeg(4000, 3000);
    await makeThumbnails(photo);
    const started = performance.now();
    const made = await makeThumbnails(photo);
    const ms = performance.now() - started;
    console.info(`thumbnails of a 12 MP JPEG (${(photo.length / 1e6).toFixed(1)} MB): ${ms.toFixed(0)} ms`);
    expect((await sharp(made.carousel).metadata()).width).toBe(1600);
    // A sanity bound only: the machine is shared (alone it took ~0.5–0.7 s).
    expect(ms).toBeLessThan(20_000);
  });
});
