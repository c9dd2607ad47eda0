import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HEIC_DECODE_LIMITS, HeicDecoder } from './heic-decoder.js';

const PHONE_HEIC = new URL('../../../../e2e/fixtures/phone.heic', import.meta.url);

describe('HeicDecoder (a child process per decode)', () => {
  it('turns a phone HEIC into a JPEG', async () => {
    const result = await new HeicDecoder().decode(await readFile(PHONE_HEIC));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect((await sharp(result.jpeg).metadata()).format).toBe('jpeg');
  });

  it('answers damaged for bytes libheif cannot read', async () => {
    expect(await new HeicDecoder().decode(Buffer.from('not a heic at all'))).toEqual({
      ok: false,
      problem: 'damaged',
    });
  });

  it('stops a decode past its time', async () => {
    const decoder = new HeicDecoder({ ...HEIC_DECODE_LIMITS, timeoutMs: 1 });
    expect(await decoder.decode(await readFile(PHONE_HEIC))).toEqual({ ok: false, problem: 'overLimits' });
  });

  it('stops a decode past its memory (a bare Node.js child already holds more than 20 MB)', async () => {
    const decoder = new HeicDecoder({ ...HEIC_DECODE_LIMITS, memoryBytes: 20 * 1024 * 1024 });
    expect(await decoder.decode(await readFile(PHONE_HEIC))).toEqual({ ok: false, problem: 'overLimits' });
  });

  it('decodes one at a time, in the order asked', async () => {
    const decoder = new HeicDecoder();
    const heic = await readFile(PHONE_HEIC);
    const finished: number[] = [];
    await Promise.all(
      [0, 1, 2].map((index) => decoder.decode(heic).then((result) => finished.push(result.ok ? index : -1))),
    );
    expect(finished).toEqual([0, 1, 2]);
  });
});
