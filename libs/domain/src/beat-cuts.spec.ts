import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beatCutFrames, beatCutSeconds, plainPhotoFrames, timelineBeats } from './beat-cuts.js';

/** Beats every `interval` seconds from `first` up to `until`. */
function grid(interval: number, until: number, first = 0): number[] {
  const beats: number[] = [];
  for (let time = first; time < until; time += interval) beats.push(Number(time.toFixed(6)));
  return beats;
}

describe('beatCutFrames', () => {
  it('is the plain timing without beats', () => {
    expect(
      beatCutFrames({ photoCount: 4, durationPerPhoto: 3, transition: 'fade-to-black', beats: [] }),
    ).toEqual([0, 90, 180, 270, 360]);
  });

  it('puts each cut on the beat nearest its plain cut (fade-to-black: on the beat)', () => {
    // 100 BPM: a beat every 0.6 s = 18 frames; plain cuts every 2.5 s = 75 frames.
    const starts = beatCutFrames({
      photoCount: 4,
      durationPerPhoto: 2.5,
      transition: 'fade-to-black',
      beats: grid(0.6, 20, 0.1),
    });
    // Beats on frames 3 + 18n: plain 75 is one; 150 → 147, 225 → 219; the end (≤ 300) → 291.
    expect(starts[0]).toBe(0);
    for (const cut of starts.slice(1)) expect((cut - 3) % 18).toBe(0);
    expect(starts).toEqual([0, 75, 147, 219, 291]);
  });

  it('centres a dissolve on the beat: the cut is half a dissolve after it', () => {
    // 3 s photos: dissolves of 9 frames, so the cut goes 4.5 frames after the beat (rounded).
    const starts = beatCutFrames({
      photoCount: 2,
      durationPerPhoto: 3,
      transition: 'fade',
      beats: [2.9, 5.8],
    });
    expect(starts).toEqual([0, Math.round(2.9 * 30 + 4.5), Math.round(5.8 * 30 + 4.5)]);
  });

  it('keeps a cut with no beat within half a photo where it was, and never lengthens the video', () => {
    // The music stops after 4 s of a 12 s video.
    const starts = beatCutFrames({
      photoCount: 4,
      durationPerPhoto: 3,
      transition: 'fade-to-black',
      beats: grid(0.5, 4, 0.2),
    });
    expect(starts[1]).toBe(Math.round(3.2 * 30));
    expect(starts.slice(2)).toEqual([180, 270, 360]);
  });

  it('ends the video on the last beat before the plain end', () => {
    const starts = beatCutFrames({
      photoCount: 2,
      durationPerPhoto: 4,
      transition: 'fade-to-black',
      beats: [3.9, 7.5, 8.2],
    });
    expect(starts).toEqual([0, 117, 225]);
    expect(
      beatCutSeconds({
        photoCount: 2,
        durationPerPhoto: 4,
        transition: 'fade-to-black',
        beats: [3.9, 7.5, 8.2],
      }),
    ).toBe(7.5);
  });

  it('holds for any beats: cuts in order, each photo half to twice its time, total within a photo of plain', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 2, max: 20 }).map((halves) => halves / 2),
        fc.constantFrom('fade-to-black' as const, 'fade' as const),
        fc.array(fc.double({ min: 0, max: 700, noNaN: true }), { maxLength: 400 }),
        (photoCount, durationPerPhoto, transition, beats) => {
          const starts = beatCutFrames({ photoCount, durationPerPhoto, transition, beats });
          const perPhoto = plainPhotoFrames(durationPerPhoto);
          expect(starts).toHaveLength(photoCount + 1);
          expect(starts[0]).toBe(0);
          const total = starts.at(-1)!;
          expect(total).toBeLessThanOrEqual(photoCount * perPhoto);
          expect(photoCount * perPhoto - total).toBeLessThanOrEqual(perPhoto);
          const beatFrames = new Set(
            beats.map((beat) => Math.round(beat * 30 + (transition === 'fade' ? perPhoto / 20 : 0))),
          );
          starts.forEach((start, k) => {
            expect(Number.isInteger(start)).toBe(true);
            expect(Math.abs(start - k * perPhoto)).toBeLessThanOrEqual(perPhoto / 2 + 1);
            if (k > 0) {
              const frames = start - starts[k - 1]!;
              expect(frames).toBeGreaterThanOrEqual(Math.ceil(perPhoto / 2));
              expect(frames).toBeLessThanOrEqual(2 * perPhoto + 1);
              // A cut that moved moved onto a beat.
              if (start !== k * perPhoto)
                expect(beatFrames.has(start) || start === starts[k - 1]! + Math.ceil(perPhoto / 2)).toBe(
                  true,
                );
            }
          });
        },
      ),
    );
  });
});

describe('timelineBeats', () => {
  it('places each track’s beats at its start and drops those past its trim', () => {
    expect(
      timelineBeats([
        { startTime: 10, duration: 2, beats: [0.5, 1.5, 2.5] },
        { startTime: 0, duration: 10, beats: [1, 9.5] },
        { startTime: 12, duration: 5, beats: null },
      ]),
    ).toEqual([1, 9.5, 10.5, 11.5]);
  });
});
