import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeThumbnails, THUMBNAIL_NAMES, THUMBNAIL_SIZES } from './thumbnails.js';

/** A photo-like JPEG (noise compresses badly, like a real photo). */
async function jpeg(width: number, height: number): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('thumbnails', () => {
  it('of a 12 MP photo are WebP at every size, the longest side fitted, the shape kept', async () => {
    const made = await makeThumbnails(await jpeg(4000, 3000));
    for (const name of THUMBNAIL_NAMES) {
      const { format, width, height } = await sharp(made[name]).metadata();
      expect({ name, format, width, height }).toEqual({
        name,
        format: 'webp',
        width: THUMBNAIL_SIZES[name],
        height: (THUMBNAIL_SIZES[name] * 3) / 4,
      });
    }
  });
});
