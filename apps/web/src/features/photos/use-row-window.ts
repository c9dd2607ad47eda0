import { type RefObject, useLayoutEffect, useState } from 'react';

/** Rows shorter than this mount every tile; longer ones only those near the view (issue 36). */
export const WINDOWED_FROM = 60;
/** Tiles mounted beyond each edge of the view, so a quick scroll or a keyboard move finds them there. */
const OVERSCAN = 12;

/** The first and last tile near the view (inclusive). */
interface RowWindow {
  first: number;
  last: number;
}

const clamp = (value: number, count: number) => Math.max(0, Math.min(count - 1, value));

/** The nearest ancestor that scrolls sideways: what shows part of the row. */
function sidewaysScroller(element: HTMLElement): HTMLElement | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowX } = getComputedStyle(parent);
    if (overflowX === 'auto' || overflowX === 'scroll') return parent;
  }
  return null;
}

/**
 * Which tiles of a horizontal row of `count` tiles, `pitch` px apart (a tile and its gap) and starting
 * `lead` px into the list, are mounted: those near what its scroll container shows, and the ones in
 * `keep` (a tile being dragged, the photo shown) wherever they are. In order; null for a short row,
 * where every tile is mounted.
 */
export function useRowWindow(
  list: RefObject<HTMLElement | null>,
  count: number,
  pitch: number,
  lead: number,
  keep: readonly (number | undefined)[] = [],
): number[] | null {
  const windowed = count >= WINDOWED_FROM;
  const [range, setRange] = useState<RowWindow>({ first: 0, last: Math.min(count, 2 * OVERSCAN) - 1 });

  useLayoutEffect(() => {
    const element = list.current;
    if (!windowed || !element) return;
    const scroller = sidewaysScroller(element);
    const update = () => {
      const view = scroller?.getBoundingClientRect() ?? { left: 0, right: window.innerWidth };
      const start = element.getBoundingClientRect().left + lead;
      const first = clamp(Math.floor((view.left - start) / pitch) - OVERSCAN, count);
      const last = clamp(Math.ceil((view.right - start) / pitch) + OVERSCAN, count);
      setRange((current) => (current.first === first && current.last === last ? current : { first, last }));
    };
    update();
    const target = scroller ?? window;
    target.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      target.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [list, windowed, count, pitch, lead]);

  if (!windowed) return null;
  const first = clamp(range.first, count);
  const last = clamp(range.last, count);
  const shown = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  const apart = keep.filter(
    (index): index is number =>
      index !== undefined && index >= 0 && index < count && (index < first || index > last),
  );
  return [...new Set([...shown, ...apart])].sort((a, b) => a - b);
}

/** Runs of what a windowed row shows: a mounted tile, or a spacer standing for `count` tiles not mounted. */
export type RowPart = { tile: number } | { skipped: number; from: number };

/** The mounted tiles of `count` in order, with a spacer wherever tiles between them are not mounted. */
export function rowParts(mounted: readonly number[], count: number): RowPart[] {
  const parts: RowPart[] = [];
  let next = 0;
  for (const tile of mounted) {
    if (tile > next) parts.push({ skipped: tile - next, from: next });
    parts.push({ tile });
    next = tile + 1;
  }
  if (count > next) parts.push({ skipped: count - next, from: next });
  return parts;
}
