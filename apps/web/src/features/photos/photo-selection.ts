/**
 * Spec §4 "Selection": it begins with the first selected photo and ends with the last one
 * deselected; shift picks the range between the last clicked photo and this one.
 */
export interface PhotoSelection {
  ids: ReadonlySet<string>;
  /** The last photo clicked: one end of a shift range. */
  anchor: string | null;
}

export const NO_SELECTION: PhotoSelection = { ids: new Set(), anchor: null };

export function isSelecting(selection: PhotoSelection): boolean {
  return selection.ids.size > 0;
}

/** A click on a photo's checkbox (or on the photo while selecting); `range` when shift was held. */
export function clickPhoto(
  selection: PhotoSelection,
  id: string,
  orderedIds: readonly string[],
  range: boolean,
): PhotoSelection {
  const anchorAt = selection.anchor === null ? -1 : orderedIds.indexOf(selection.anchor);
  const clickedAt = orderedIds.indexOf(id);
  if (clickedAt === -1) return selection;
  const ids = new Set(selection.ids);
  if (range && anchorAt !== -1) {
    const [from, to] = anchorAt < clickedAt ? [anchorAt, clickedAt] : [clickedAt, anchorAt];
    for (const each of orderedIds.slice(from, to + 1)) ids.add(each);
  } else if (ids.has(id)) {
    ids.delete(id);
  } else {
    ids.add(id);
  }
  return { ids, anchor: id };
}

/** Select All, or Deselect All when every photo is already selected. */
export function toggleAll(selection: PhotoSelection, orderedIds: readonly string[]): PhotoSelection {
  const allSelected = orderedIds.length > 0 && orderedIds.every((id) => selection.ids.has(id));
  return allSelected ? NO_SELECTION : { ids: new Set(orderedIds), anchor: selection.anchor };
}

/** Drops photos that are gone (deleted elsewhere, or by this very selection). */
export function keepExisting(selection: PhotoSelection, orderedIds: readonly string[]): PhotoSelection {
  const present = new Set(orderedIds);
  if ([...selection.ids].every((id) => present.has(id))) return selection;
  const ids = new Set([...selection.ids].filter((id) => present.has(id)));
  return { ids, anchor: selection.anchor && present.has(selection.anchor) ? selection.anchor : null };
}
