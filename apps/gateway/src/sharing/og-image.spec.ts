import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { defaultSiteImage, renderShareImage } from './og-image.js';

describe('link preview image', () => {
  it('is a 1200×630 JPEG, small enough for chat apps, with the title over the first photo', async () => {
    const photo = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#4a7a9a' } })
      .jpeg()
      .toBuffer();
    const image = await renderShareImage('Grandma at 90 — a life in pictures', photo);
    const meta = await sharp(image).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // Chat apps give up on large previews (WhatsApp's limit is around 300 KB).
    expect(image.length).toBeLessThan(150_000);
    // The photo fills the top; the title's white text is drawn in the lower band.
    const top = await sharp(image).extract({ left: 0, top: 0, width: 1200, height: 100 }).stats();
    expect(top.channels[2]?.mean).toBeGreaterThan(top.channels[0]?.mean ?? 255);
    const band = await sharp(image).extract({ left: 72, top: 470, width: 900, height: 90 }).stats();
    expect(band.channels[0]?.max).toBeGreaterThan(240);
  });

  it('has a default site image when there is nothing to show', async () => {
    const meta = await sharp(await defaultSiteImage()).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });
});
