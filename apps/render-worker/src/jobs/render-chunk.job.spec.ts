import { describe, expect, it } from 'vitest';
import { chunksAtOnce } from './render-chunk.job.js';

describe('RENDER_CHUNKS_AT_ONCE', () => {
  it('is one chunk at a time unless set, and what it says from 1 to 4', () => {
    expect(chunksAtOnce(undefined)).toBe(1);
    expect(chunksAtOnce('')).toBe(1);
    expect(chunksAtOnce('2')).toBe(2);
    expect(chunksAtOnce('4')).toBe(4);
  });

  it('refuses anything else by name, so a worker with a typo does not start', () => {
    for (const setting of ['0', '5', '1.5', 'two'])
      expect(() => chunksAtOnce(setting)).toThrow(
        `RENDER_CHUNKS_AT_ONCE must be a whole number from 1 to 4, not "${setting}"`,
      );
  });
});
