import type { MusicTrack } from './music-api';

/** Spec §2: newest first by default; sort by title or duration, ascending or descending. */
export type MusicSortKey = 'newest' | 'title' | 'duration';
export type MusicSortDirection = 'asc' | 'desc';
export interface MusicOrder {
  key: MusicSortKey;
  direction: MusicSortDirection;
}

export const NEWEST_FIRST: MusicOrder = { key: 'newest', direction: 'desc' };

const byTitle = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function sortMusicTracks(tracks: readonly MusicTrack[], order: MusicOrder): MusicTrack[] {
  const sign = order.direction === 'asc' ? 1 : -1;
  const compare = (a: MusicTrack, b: MusicTrack): number => {
    if (order.key === 'title') return byTitle.compare(a.title, b.title);
    if (order.key === 'duration') return a.duration - b.duration;
    return a.createdAt.localeCompare(b.createdAt);
  };
  // Ties keep the newest first, so equal titles or lengths do not jump around.
  return [...tracks].sort((a, b) => sign * compare(a, b) || b.createdAt.localeCompare(a.createdAt));
}

/** A sort button pressed: its key ascending first, then the other way round. */
export function nextOrder(current: MusicOrder, key: Exclude<MusicSortKey, 'newest'>): MusicOrder {
  if (current.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** m:ss, as the music step shows durations. */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
