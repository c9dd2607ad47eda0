import { describe, expect, it } from 'vitest';
import {
  addToTimeline,
  formatTrackTime,
  type LibraryTrack,
  layOutTimeline,
  MIN_TRACK_SECONDS,
  moveInTimeline,
  musicTimelineMessages,
  removeFromTimeline,
  timelineEnd,
} from './music-timeline.js';
import type { TimelineTrack } from './video-settings.js';

const library = (id: string, duration: number): LibraryTrack => ({
  id,
  title: `Track ${id}`,
  artist: 'Memoreel',
  duration,
  storage_path: `${id}.mp3`,
});

/** Builds a timeline by adding tracks in order, as the music step does. */
function timelineOf(videoSeconds: number, ...tracks: LibraryTrack[]): TimelineTrack[] {
  return tracks.reduce<TimelineTrack[]>((timeline, track, index) => {
    const result = addToTimeline(timeline, track, videoSeconds, `placement-${index}`);
    return result.timeline;
  }, []);
}

const summary = (timeline: TimelineTrack[]) =>
  timeline.map(({ id, startTime, duration, isTrimmed }) => ({ id, startTime, duration, isTrimmed }));

describe('formatTrackTime', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [59.99, '0:59'],
    [60, '1:00'],
    [61.4, '1:01'],
    [125, '2:05'],
    [600, '10:00'],
    [3661, '61:01'],
    [-3, '0:00'],
    [Number.NaN, '0:00'],
    [Number.POSITIVE_INFINITY, '0:00'],
  ])('writes %d s as %s', (seconds, text) => {
    expect(formatTrackTime(seconds)).toBe(text);
  });

  it('reads 20 s kept as 19.9999999 after sums as 0:20', () => {
    expect(formatTrackTime(0.1 * 3 * (20 / 0.3))).toBe('0:20');
  });
});

describe('the spec texts', () => {
  it('names an added track, a trimmed one and where it was trimmed from', () => {
    expect(musicTimelineMessages.added('Morning Light')).toBe('Added Morning Light to timeline');
    expect(musicTimelineMessages.addedTrimmed('Morning Light', 20)).toBe(
      'Added Morning Light (trimmed to 0:20)',
    );
    expect(musicTimelineMessages.trimmedFrom(95)).toBe('Trimmed from 1:35');
    expect(musicTimelineMessages.saveFailed).toBe('Failed to save music timeline');
  });
});

describe('addToTimeline', () => {
  it('places the first track at 0 with every timeline field', () => {
    const result = addToTimeline([], library('a', 30), 60, 'placement-1');
    expect(result.kind).toBe('added');
    expect(result.timeline).toEqual([
      {
        id: 'a',
        title: 'Track a',
        artist: 'Memoreel',
        storage_path: 'a.mp3',
        startTime: 0,
        duration: 30,
        originalDuration: 30,
        isTrimmed: false,
        instanceId: 'placement-1',
      },
    ]);
  });

  it('leaves out an artist the library does not know', () => {
    const result = addToTimeline([], { ...library('a', 30), artist: null }, 60, 'p');
    expect(result.kind === 'full' ? null : 'artist' in result.track).toBe(false);
  });

  it('appends after the last track', () => {
    const timeline = timelineOf(100, library('a', 30), library('b', 25));
    expect(summary(timeline)).toEqual([
      { id: 'a', startTime: 0, duration: 30, isTrimmed: false },
      { id: 'b', startTime: 30, duration: 25, isTrimmed: false },
    ]);
  });

  it('trims a track to what is left of the video and says so', () => {
    const first = addToTimeline([], library('a', 45), 60, 'p1');
    const second = addToTimeline(first.timeline, library('b', 40), 60, 'p2');
    expect(second.kind).toBe('trimmed');
    expect(second.kind !== 'full' && second.track).toMatchObject({
      startTime: 45,
      duration: 15,
      originalDuration: 40,
      isTrimmed: true,
    });
    expect(timelineEnd(second.timeline)).toBe(60);
  });

  it('trims the first track of a video shorter than it', () => {
    const result = addToTimeline([], library('a', 95.5), 12, 'p1');
    expect(result.kind).toBe('trimmed');
    expect(summary(result.timeline)).toEqual([{ id: 'a', startTime: 0, duration: 12, isTrimmed: true }]);
  });

  it('adds a track that exactly fills the rest untrimmed', () => {
    const result = addToTimeline(timelineOf(60, library('a', 40)), library('b', 20), 60, 'p');
    expect(result.kind).toBe('added');
    expect(timelineEnd(result.timeline)).toBe(60);
  });

  it('does not add a track once the music fills the video', () => {
    const full = timelineOf(60, library('a', 90));
    const result = addToTimeline(full, library('b', 30), 60, 'p2');
    expect(result).toEqual({ kind: 'full', timeline: full });
  });

  it(`does not add a track with less than ${MIN_TRACK_SECONDS} s of room`, () => {
    const almost = timelineOf(60, library('a', 59.5));
    expect(addToTimeline(almost, library('b', 30), 60, 'p2').kind).toBe('full');
    const enough = timelineOf(60, library('a', 59));
    expect(addToTimeline(enough, library('b', 30), 60, 'p2').kind).toBe('trimmed');
  });

  it('does not add anything to a video without photos', () => {
    expect(addToTimeline([], library('a', 30), 0, 'p').kind).toBe('full');
  });

  it('places the same track twice as two placements', () => {
    const timeline = timelineOf(100, library('a', 30), library('a', 30));
    expect(timeline.map((track) => [track.id, track.instanceId, track.startTime])).toEqual([
      ['a', 'placement-0', 0],
      ['a', 'placement-1', 30],
    ]);
  });

  it('keeps start times to the millisecond however the durations add up', () => {
    const timeline = timelineOf(10, library('a', 0.1 + 1), library('b', 0.2 + 1), library('c', 30));
    expect(timeline.map((track) => track.startTime)).toEqual([0, 1.1, 2.3]);
    expect(timeline[2]?.duration).toBe(7.7);
  });

  it('does not change the timeline it was given', () => {
    const timeline = timelineOf(60, library('a', 30));
    const copy = structuredClone(timeline);
    addToTimeline(timeline, library('b', 60), 60, 'p');
    expect(timeline).toEqual(copy);
  });
});

describe('removeFromTimeline', () => {
  it('moves the later tracks up', () => {
    const timeline = timelineOf(100, library('a', 20), library('b', 30), library('c', 10));
    const { timeline: after, leftOut } = removeFromTimeline(timeline, 'placement-0', 100);
    expect(summary(after)).toEqual([
      { id: 'b', startTime: 0, duration: 30, isTrimmed: false },
      { id: 'c', startTime: 30, duration: 10, isTrimmed: false },
    ]);
    expect(leftOut).toEqual([]);
  });

  it('lets a trimmed track grow back towards its full length', () => {
    const timeline = timelineOf(60, library('a', 50), library('b', 40));
    expect(timeline[1]).toMatchObject({ duration: 10, isTrimmed: true });
    const { timeline: after } = removeFromTimeline(timeline, 'placement-0', 60);
    expect(summary(after)).toEqual([{ id: 'b', startTime: 0, duration: 40, isTrimmed: false }]);
  });

  it('removes only the placement named', () => {
    const timeline = timelineOf(100, library('a', 20), library('a', 20));
    const { timeline: after } = removeFromTimeline(timeline, 'placement-1', 100);
    expect(after.map((track) => track.instanceId)).toEqual(['placement-0']);
  });

  it('changes nothing for an unknown placement', () => {
    const timeline = timelineOf(100, library('a', 20));
    expect(removeFromTimeline(timeline, 'nope', 100).timeline).toEqual(timeline);
  });
});

describe('moveInTimeline', () => {
  it('recalculates start times in the new order', () => {
    const timeline = timelineOf(100, library('a', 20), library('b', 30), library('c', 10));
    expect(summary(moveInTimeline(timeline, 2, 0, 100).timeline)).toEqual([
      { id: 'c', startTime: 0, duration: 10, isTrimmed: false },
      { id: 'a', startTime: 10, duration: 20, isTrimmed: false },
      { id: 'b', startTime: 30, duration: 30, isTrimmed: false },
    ]);
  });

  it('re-trims each track from its full length to fit', () => {
    const timeline = timelineOf(60, library('a', 50), library('b', 40));
    expect(summary(moveInTimeline(timeline, 1, 0, 60).timeline)).toEqual([
      { id: 'b', startTime: 0, duration: 40, isTrimmed: false },
      { id: 'a', startTime: 40, duration: 20, isTrimmed: true },
    ]);
  });

  it('leaves out a track the new order leaves no room for', () => {
    const timeline = timelineOf(60, library('a', 20), library('b', 20), library('c', 100));
    const { timeline: after, leftOut } = moveInTimeline(timeline, 2, 0, 60);
    expect(summary(after)).toEqual([{ id: 'c', startTime: 0, duration: 60, isTrimmed: true }]);
    expect(leftOut.map((track) => track.id)).toEqual(['a', 'b']);
  });

  it('clamps a target past the end to the last place', () => {
    const timeline = timelineOf(100, library('a', 20), library('b', 30));
    expect(moveInTimeline(timeline, 0, 9, 100).timeline.map((track) => track.id)).toEqual(['b', 'a']);
  });

  it('lays out the timeline as it is for a source index out of range', () => {
    const timeline = timelineOf(100, library('a', 20), library('b', 30));
    expect(moveInTimeline(timeline, 5, 0, 100).timeline).toEqual(timeline);
  });
});

describe('layOutTimeline', () => {
  const stored = (overrides: Partial<TimelineTrack>): TimelineTrack => ({
    id: 'a',
    storage_path: 'a.mp3',
    startTime: 99,
    duration: 30,
    instanceId: 'p',
    ...overrides,
  });

  it('reads a stored track without originalDuration as full length', () => {
    expect(summary(layOutTimeline([stored({})], 100).timeline)).toEqual([
      { id: 'a', startTime: 0, duration: 30, isTrimmed: false },
    ]);
    expect(layOutTimeline([stored({})], 100).timeline[0]?.originalDuration).toBe(30);
  });

  it('follows a video made shorter or longer since', () => {
    const track = stored({ duration: 20, originalDuration: 50, isTrimmed: true });
    expect(summary(layOutTimeline([track], 10).timeline)).toEqual([
      { id: 'a', startTime: 0, duration: 10, isTrimmed: true },
    ]);
    expect(summary(layOutTimeline([track], 90).timeline)).toEqual([
      { id: 'a', startTime: 0, duration: 50, isTrimmed: false },
    ]);
  });

  it('is empty for no tracks', () => {
    expect(layOutTimeline([], 60)).toEqual({ timeline: [], leftOut: [] });
    expect(timelineEnd([])).toBe(0);
  });
});
