import { describe, expect, it } from 'vitest';
import { photoGridFor } from './photo-grid-layout';

const photos = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `p${i}`, url: `/p${i}.jpg` }));

describe('photoGridFor', () => {
  it('has no grid without photos', () => {
    expect(photoGridFor([], 0)).toBeNull();
  });

  it.each([
    [1, 'single'],
    [2, 'pair'],
    [3, 'feature'],
    [4, 'square'],
    [5, 'mosaic'],
    [6, 'mosaic'],
  ] as const)('lays out %i photos as %s', (count, layout) => {
    expect(photoGridFor(photos(count), count)?.layout).toBe(layout);
  });

  it('shows at most five tiles and carries the rest as +N on the last', () => {
    const grid = photoGridFor(photos(6), 12);
    expect(grid?.tiles).toHaveLength(5);
    expect(grid?.tiles.map((tile) => tile.hiddenCount)).toEqual([0, 0, 0, 0, 7]);
  });

  it('carries no overlay when every photo is shown', () => {
    expect(photoGridFor(photos(3), 3)?.tiles.every((tile) => tile.hiddenCount === 0)).toBe(true);
  });
});
