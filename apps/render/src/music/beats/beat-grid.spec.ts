import { describe, expect, it } from 'vitest';
import { settleBeats } from './beat-grid.js';

const HOP = 0.002;

/** An onset envelope with a rise of `strength` at each of `times` (seconds). */
function onsetsAt(seconds: number, rises: { time: number; strength: number }[]): number[] {
  const onsets = new Array<number>(Math.round(seconds / HOP)).fill(0);
  for (const { time, strength } of rises) onsets[Math.round(time / HOP)] = strength;
  return onsets;
}

describe("settling the tracker's beats", () => {
  it('moves the grid by its lag, and each beat onto its own onset', () => {
    const clicks = Array.from({ length: 10 }, (_, i) => 0.5 + i * 0.5);
    const settled = settleBeats({
      bpm: 120,
      // The tracker's grid lags the clicks by 30 ms, give or take a few.
      ticks: clicks.map((click, i) => click + 0.03 + (i % 3) * 0.004 - 0.004),
      onsets: onsetsAt(
        6,
        clicks.map((time) => ({ time, strength: 0.5 })),
      ),
      hopSeconds: HOP,
    });
    expect(settled).toEqual({ tempo: 120, beats: clicks });
  });

  it('halves a tempo heard twice too fast: every other tick falls between the beats', () => {
    const beats = Array.from({ length: 12 }, (_, i) => 1 + i);
    const ticks = beats.flatMap((beat) => [beat, beat + 0.5]);
    const settled = settleBeats({
      bpm: 120,
      ticks,
      // A faint sound between the beats: heard, but far weaker than a beat.
      onsets: onsetsAt(14, [
        ...beats.map((time) => ({ time, strength: 0.4 })),
        ...beats.map((time) => ({ time: time + 0.5, strength: 0.02 })),
      ]),
      hopSeconds: HOP,
    });
    expect(settled).toEqual({ tempo: 60, beats });
  });

  it('keeps off-beats that are as strong as the beats (a real eighth-note pulse)', () => {
    const times = Array.from({ length: 16 }, (_, i) => 1 + i * 0.25);
    const settled = settleBeats({
      bpm: 240,
      ticks: times,
      onsets: onsetsAt(
        6,
        times.map((time, i) => ({ time, strength: i % 2 ? 0.3 : 0.4 })),
      ),
      hopSeconds: HOP,
    });
    expect(settled?.tempo).toBe(240);
    expect(settled?.beats).toHaveLength(16);
  });

  it('finds nothing in silence', () => {
    expect(
      settleBeats({ bpm: 740, ticks: [0.1, 0.2, 0.3], onsets: onsetsAt(1, []), hopSeconds: HOP }),
    ).toBeNull();
  });
});
