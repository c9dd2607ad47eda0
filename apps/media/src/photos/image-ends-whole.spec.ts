import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageEndsWhole } from './image-ends-whole.js';

/** Noise, so the encoded data is long and a cut lands inside the pixels. */
function noise(width: number, height: number, channels: 3 | 4 = 3) {
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return sharp(pixels, { raw: { width, height, channels } });
}

const cutsOf = (whole: Buffer) =>
  [0.1, 0.5, 0.9, 0.999].map((share) => whole.subarray(0, Math.floor(whole.length * share)));

describe('an image ends whole', () => {
  it.each([
    ['image/jpeg', () => noise(320, 240).jpeg().toBuffer()],
    ['image/jpeg', () => noise(320, 240).jpeg({ progressive: true }).toBuffer()],
    ['image/png', () => noise(320, 240, 4).png().toBuffer()],
    ['image/gif', () => noise(320, 240).gif().toBuffer()],
    ['image/webp', () => noise(320, 240).webp().toBuffer()],
  ])('%s: whole is accepted, cut anywhere is not', async (mime, encode) => {
    const whole = await encode();
    expect(imageEndsWhole(whole, mime)).toBe(true);
    for (const cut of cutsOf(whole)) expect(imageEndsWhole(cut, mime)).toBe(false);
  });

  it('a JPEG with a whole EXIF thumbnail but a cut main image is not', async () => {
    const thumbnail = await noise(64, 48).jpeg().toBuffer();
    const main = await noise(640, 480).jpeg().toBuffer();
    // An APP1 segment carrying a complete JPEG (its own end marker included) before the main image.
    const app1 = Buffer.concat([Buffer.from('Exif\0\0'), thumbnail]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(app1.length + 2);
    const withThumbnail = Buffer.concat([
      main.subarray(0, 2),
      Buffer.from([0xff, 0xe1]),
      length,
      app1,
      main.subarray(2),
    ]);
    expect(imageEndsWhole(withThumbnail, 'image/jpeg')).toBe(true);
    expect(imageEndsWhole(withThumbnail.subarray(0, withThumbnail.length - 4000), 'image/jpeg')).toBe(false);
  });

  it("a JPEG with data after its end (a phone's motion photo) is whole", async () => {
    const photo = await noise(320, 240).jpeg().toBuffer();
    const video = Buffer.from('....ftypmp42 and the rest of a short video');
    expect(imageEndsWhole(Buffer.concat([photo, video]), 'image/jpeg')).toBe(true);
  });

  it('a type it does not know is never whole', async () => {
    expect(imageEndsWhole(Buffer.from('text'), 'text/plain')).toBe(false);
  });
});
