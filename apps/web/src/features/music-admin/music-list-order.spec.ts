import { describe, expect, it } from 'vitest';
import type { MusicTrack } from './music-api';
import { formatDuration, NEWEST_FIRST, nextOrder, sortMusicTracks } from './music-list-order';

const track = (title: string, duration: number, createdAt: string): MusicTrack => ({
  id: title,
  title,
  artist: null,
  duration,
  url: '',
  isPublic: true,
  format: 'MPEG',
  sizeBytes: 1,
  createdAt,
});
const tracks = [
  track('banjo', 90, '2026-01-02T00:00:00.000Z'),
  track('Accordion', 200, '2026-01-01T00:00:00.000Z'),
  track('Cello 10', 45, '2026-01-03T00:00:00.000Z'),
  track('Cello 9', 45, '2026-01-04T00:00:00.000Z'),
];
const titles = (list: MusicTrack[]) => list.map((t) => t.title);

/** The tracks' titles in the order the sort buttons put them. */
const sortedTitles = (key: 'title' | 'duration', direction: 'asc' | 'desc') =>
  titles(sortMusicTracks(tracks, { key, direction }));

describe('music list order', () => {
  it('is newest first by default', () => {
    expect(titles(sortMusicTracks(tracks, NEWEST_FIRST))).toEqual([
      'Cello 9',
      'Cello 10',
      'banjo',
      'Accordion',
    ]);
  });

  it('sorts by title both ways, ignoring case and reading numbers as numbers', () => {
    expect(sortedTitles('title', 'asc')).toEqual(['Accordion', 'banjo', 'Cello 9', 'Cello 10']);
    expect(sortedTitles('title', 'desc')).toEqual(['Cello 10', 'Cello 9', 'banjo', 'Accordion']);
  });

  it('sorts by duration both ways, the newest first among equals', () => {
    expect(sortedTitles('duration', 'asc')).toEqual(['Cello 9', 'Cello 10', 'banjo', 'Accordion']);
    expect(sortedTitles('duration', 'desc')).toEqual(['Accordion', 'banjo', 'Cello 9', 'Cello 10']);
  });

  it('turns a sort button ascending first, then descending, then ascending again', () => {
    const title = nextOrder(NEWEST_FIRST, 'title');
    expect(title).toEqual({ key: 'title', direction: 'asc' });
    expect(nextOrder(title, 'title')).toEqual({ key: 'title', direction: 'desc' });
    expect(nextOrder(nextOrder(title, 'title'), 'title')).toEqual({ key: 'title', direction: 'asc' });
    expect(nextOrder(title, 'duration')).toEqual({ key: 'duration', direction: 'asc' });
  });

  it('shows durations as m:ss', () => {
    expect([formatDuration(0), formatDuration(59.6), formatDuration(151.9), formatDuration(600)]).toEqual([
      '0:00',
      '1:00',
      '2:32',
      '10:00',
    ]);
  });
});
