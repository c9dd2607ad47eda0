import { describe, expect, it } from 'vitest';
import { DecodedImages } from './decoded-images';

function image(width: number, height: number) {
  return {
    width,
    height,
    closed: false,
    close() {
      this.closed = true;
    },
  };
}

describe("a worker's decoded photos", () => {
  it('keeps photos while they fit the budget, and hands them back by file', () => {
    const kept = new DecodedImages<ReturnType<typeof image>>(30);
    const first = image(4, 3);
    const second = image(3, 4);
    expect(kept.keep(1, first)).toBe(true);
    expect(kept.keep(2, second)).toBe(true);
    expect(kept.get(1)).toBe(first);
    expect(kept.get(2)).toBe(second);
    expect(kept.get(3)).toBeUndefined();
  });

  it('refuses a photo that does not fit rather than evicting one the next tool will need', () => {
    const kept = new DecodedImages<ReturnType<typeof image>>(30);
    kept.keep(1, image(5, 5));
    expect(kept.hasRoomFor(2, 3)).toBe(false);
    expect(kept.keep(2, image(2, 3))).toBe(false);
    expect(kept.get(1)).toBeDefined();
  });

  it('closes a forgotten photo and frees its room', () => {
    const kept = new DecodedImages<ReturnType<typeof image>>(30);
    const first = image(5, 5);
    kept.keep(1, first);
    kept.forget(1);
    expect(first.closed).toBe(true);
    expect(kept.get(1)).toBeUndefined();
    expect(kept.keep(2, image(5, 6))).toBe(true);
  });
});
