import { describe, expect, it } from 'vitest';
import { clickPhoto, isSelecting, keepExisting, NO_SELECTION, toggleAll } from './photo-selection';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
const selected = (selection: { ids: ReadonlySet<string> }) => [...selection.ids].sort();

describe('photo selection (spec §4)', () => {
  it('begins with the first photo and ends when the last is deselected', () => {
    const one = clickPhoto(NO_SELECTION, 'b', ids, false);
    expect(isSelecting(one)).toBe(true);
    expect(isSelecting(clickPhoto(one, 'b', ids, false))).toBe(false);
  });

  it('picks the range between the last clicked photo and this one, either way round', () => {
    const start = clickPhoto(NO_SELECTION, 'b', ids, false);
    expect(selected(clickPhoto(start, 'e', ids, true))).toEqual(['b', 'c', 'd', 'e']);
    const back = clickPhoto(clickPhoto(NO_SELECTION, 'e', ids, false), 'c', ids, true);
    expect(selected(back)).toEqual(['c', 'd', 'e']);
  });

  it('adds a range to what is already chosen, from the latest click', () => {
    let selection = clickPhoto(NO_SELECTION, 'a', ids, false);
    selection = clickPhoto(selection, 'd', ids, false);
    selection = clickPhoto(selection, 'f', ids, true);
    expect(selected(selection)).toEqual(['a', 'd', 'e', 'f']);
  });

  it('treats a shift-click with nothing clicked before as a plain click', () => {
    expect(selected(clickPhoto(NO_SELECTION, 'c', ids, true))).toEqual(['c']);
  });

  it('selects all, then deselects all', () => {
    const all = toggleAll(clickPhoto(NO_SELECTION, 'a', ids, false), ids);
    expect(selected(all)).toEqual(ids);
    expect(isSelecting(toggleAll(all, ids))).toBe(false);
  });

  it('forgets photos that are gone', () => {
    const selection = toggleAll(NO_SELECTION, ids);
    expect(selected(keepExisting(selection, ['a', 'c']))).toEqual(['a', 'c']);
  });
});
