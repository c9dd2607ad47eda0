import { describe, expect, it } from 'vitest';
import { rowParts } from './use-row-window';

describe('rowParts', () => {
  it('stands a spacer for each run of tiles not mounted, before, between and after', () => {
    expect(rowParts([3, 4, 5, 9], 12)).toEqual([
      { skipped: 3, from: 0 },
      { tile: 3 },
      { tile: 4 },
      { tile: 5 },
      { skipped: 3, from: 6 },
      { tile: 9 },
      { skipped: 2, from: 10 },
    ]);
  });

  it('needs no spacer when every tile is mounted', () => {
    expect(rowParts([0, 1, 2], 3)).toEqual([{ tile: 0 }, { tile: 1 }, { tile: 2 }]);
  });
});
