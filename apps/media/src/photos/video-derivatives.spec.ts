import { randomUUID } from 'node:crypto';
import { PHOTO_FILTERS, type PhotoFilter, photoFilterMatrix } from '@memoreel/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeUpright } from './thumbnails.js';
import {
  currentVideoDerivative,
  filteredVideoImage,
  makeVideoDerivative,
  VIDEO_DERIVATIVE_EDGE,
  videoDerivativeKey,
} from './video-derivatives.js';

const WIDTH = 40;
const HEIGHT = 30;

/** Every corner of the colour cube and the steps between (0, 64, 128, 191, 255), then pseudo-random colours. */
function testPixels(): Buffer {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  const steps = [0, 64, 128, 191, 255];
  let at = 0;
  for (const r of steps) for (const g of steps) for (const b of steps) pixels.set([r, g, b], at++ * 3);
  let seed = 12_345;
  for (; at < WIDTH * HEIGHT; at++) {
    for (let channel = 0; channel < 3; channel++) {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      pixels[at * 3 + channel] = (seed >>> 16) & 0xff;
    }
  }
  return pixels;
}

/**
 * What `<feColorMatrix type="matrix">` with `color-interpolation-filters="sRGB"` (the SPA's preview)
 * makes of one pixel: the 4×5 matrix on 0–1 sRGB values, offsets in 0–1, clamped, stored as 8 bits.
 * Written out here rather than imported, so the test holds sharp against the SVG maths itself.
 */
function feColorMatrix(filter: PhotoFilter, rgb: readonly number[]): number[] {
  const m = photoFilterMatrix(filter);
  const input = [...rgb.map((value) => value / 255), 1];
  return [0, 1, 2].map((row) => {
    let sum = m[row * 5 + 4] ?? 0;
    for (let k = 0; k < 4; k++) sum += (m[row * 5 + k] ?? 0) * (input[k] ?? 0);
    return Math.round(Math.min(1, Math.max(0, sum)) * 255);
  });
}

describe('a video derivative', () => {
  it.each(PHOTO_FILTERS)(
    'bakes %s exactly as the SVG preview draws it (every pixel within 2 levels)',
    async (filter) => {
      const source = testPixels();
      const png = await sharp(source, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        .png()
        .toBuffer();
      const { data, info } = await filteredVideoImage(png, filter)
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height, info.channels]).toEqual([WIDTH, HEIGHT, 3]);
      let worst = 0;
      for (let pixel = 0; pixel < WIDTH * HEIGHT; pixel++) {
        const expected = feColorMatrix(filter, [...source.subarray(pixel * 3, pixel * 3 + 3)]);
        for (let channel = 0; channel < 3; channel++) {
          worst = Math.max(
            worst,
            Math.abs((data[pixel * 3 + channel] as number) - (expected[channel] as number)),
          );
        }
      }
      console.info(`${filter}: largest difference from feColorMatrix ${worst} of 255`);
      expect(worst).toBeLessThanOrEqual(2);
    },
  );

  it('bakes a 16-bit or greyscale original like its 8-bit RGB self', async () => {
    const rgb = sharp(testPixels(), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
    const baked = async (image: Buffer) => filteredVideoImage(image, 'dramatic').raw().toBuffer();
    const eightBit = await baked(await rgb.clone().png().toBuffer());
    expect(await baked(await rgb.clone().toColourspace('rgb16').png().toBuffer())).toEqual(eightBit);
    const grey = await rgb.clone().greyscale().png().toBuffer();
    const greyAsRgb = await sharp(grey).toColourspace('srgb').png().toBuffer();
    expect(await baked(grey)).toEqual(await baked(greyAsRgb));
  });

  it('is a JPEG whose long side is at most 1920 px, upright, never enlarged', async () => {
    const noise = (width: number, height: number) => {
      const raw = Buffer.alloc(width * height * 3);
      for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
      return sharp(raw, { raw: { width, height, channels: 3 } });
    };
    // Pixels 3000 × 2000, tagged "rotate 90° clockwise to display" (6): shown portrait.
    const tagged = await noise(3000, 2000).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const large = await sharp(await makeVideoDerivative(tagged, 'sepia')).metadata();
    expect([large.format, large.width, large.height, large.orientation]).toEqual([
      'jpeg',
      1280,
      1920,
      undefined,
    ]);
    const small = await sharp(
      await makeVideoDerivative(await noise(800, 600).png().toBuffer(), 'none'),
    ).metadata();
    expect([small.format, small.width, small.height]).toEqual(['jpeg', 800, 600]);
  });

  it('is the same picture from the pixels the thumbnails were decoded to as from the original', async () => {
    // Pixels 3000 × 2000 with gradients and stripes, tagged "rotate 90° clockwise to display" (6).
    const photo = async (alpha: boolean) => {
      const channels = alpha ? 4 : 3;
      const raw = Buffer.alloc(3000 * 2000 * channels);
      for (let i = 0; i < 3000 * 2000; i++) {
        const x = i % 3000;
        const pixel = [(x * 255) / 2999, (Math.floor(i / 3000) * 255) / 1999, (x * 7) % 256];
        raw.set(alpha ? [...pixel, x < 100 ? 128 : 255] : pixel, i * channels);
      }
      return sharp(raw, { raw: { width: 3000, height: 2000, channels } })
        .png()
        .withMetadata({ orientation: 6 })
        .toBuffer();
    };
    const differences = async (original: Buffer, filter: PhotoFilter) => {
      const decoded = await decodeUpright(original, VIDEO_DERIVATIVE_EDGE);
      expect([decoded.info.width, decoded.info.height]).toEqual([1280, 1920]);
      const direct = await filteredVideoImage(original, filter).raw().toBuffer({ resolveWithObject: true });
      const shared = await filteredVideoImage(decoded, filter).raw().toBuffer({ resolveWithObject: true });
      expect(shared.info).toEqual(direct.info);
      return Array.from(direct.data, (value, i) => Math.abs(value - (shared.data[i] as number)));
    };
    // An opaque photo (a camera's): the very same pixels.
    for (const filter of ['none', 'sepia'] as const) {
      expect((await differences(await photo(false), filter)).every((difference) => difference === 0)).toBe(
        true,
      );
    }
    // With transparency, laid on black before or after the resize: rounding, and the resize's edge.
    const transparent = await differences(await photo(true), 'none');
    expect(transparent.filter((difference) => difference > 2).length / transparent.length).toBeLessThan(
      0.001,
    );
  });

  it('is named by the original, the filter and the size: each filter has its own key', () => {
    const photo = { id: randomUUID(), projectId: randomUUID(), contentHash: 'a'.repeat(64) };
    const keys = PHOTO_FILTERS.map((filter) => videoDerivativeKey(photo, filter));
    expect(new Set(keys).size).toBe(PHOTO_FILTERS.length);
    expect(keys[0]).toMatch(new RegExp(`^${photo.projectId}/video/${photo.id}/[0-9a-f]{32}\\.jpg$`));
    expect(videoDerivativeKey(photo, 'warm')).toBe(videoDerivativeKey({ ...photo }, 'warm'));
    expect(videoDerivativeKey({ ...photo, contentHash: 'b'.repeat(64) }, 'warm')).not.toBe(
      videoDerivativeKey(photo, 'warm'),
    );
  });

  it("is current only when it was made for the photo's current filter (an unknown one reads as none)", () => {
    const photo = { id: randomUUID(), projectId: randomUUID(), contentHash: 'a'.repeat(64) };
    const warm = videoDerivativeKey(photo, 'warm');
    expect(currentVideoDerivative({ ...photo, filter: 'warm', videoDerivativeKey: warm })).toEqual({
      filter: 'warm',
      key: warm,
      made: true,
    });
    expect(currentVideoDerivative({ ...photo, filter: 'cool', videoDerivativeKey: warm })).toMatchObject({
      filter: 'cool',
      made: false,
    });
    expect(currentVideoDerivative({ ...photo, filter: 'sepia-ish', videoDerivativeKey: null })).toEqual({
      filter: 'none',
      key: videoDerivativeKey(photo, 'none'),
      made: false,
    });
  });
});
