import { execFileSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { clickTrack } from '../../../test/click-track.js';
import { findTrackBeats } from './beat-finder.js';

const FFMPEG = '/usr/bin/ffmpeg';

describe('the beats of a track', () => {
  it.each([60, 90, 120, 150])(
    'of a click track at %i BPM: the tempo within 1 BPM, every beat within 20 ms',
    async (bpm) => {
      const offset = 0.35;
      const wav = await clickTrack(bpm, 40, offset);
      const found = await findTrackBeats(Readable.from(wav), FFMPEG);
      expect(found).not.toBeNull();
      expect(Math.abs(found!.tempo - bpm)).toBeLessThanOrEqual(1);
      const period = 60 / bpm;
      const clicks = Array.from(
        { length: Math.floor((40 - offset) / period) + 1 },
        (_, i) => offset + i * period,
      ).filter((t) => t < 40);
      for (const beat of found!.beats) {
        const nearest = Math.min(...clicks.map((click) => Math.abs(click - beat)));
        expect(nearest).toBeLessThan(0.02);
      }
      // Nearly every click is a beat (the tracker may take a moment to lock on at the very start).
      expect(found!.beats.length).toBeGreaterThanOrEqual(clicks.length - 3);
    },
  );

  it('of silence: none', async () => {
    const silence = await clickTrack(60, 10, 20);
    expect(await findTrackBeats(Readable.from(silence), FFMPEG)).toBeNull();
  });

  it('of a file that is not audio: an error, and no process left behind', async () => {
    await expect(findTrackBeats(Readable.from(Buffer.from('not audio at all')), FFMPEG)).rejects.toThrow(
      /ffmpeg could not decode/,
    );
    // Neither ffmpeg nor the analyser outlives the call.
    const children = execFileSync('ps', ['-o', 'comm=', '--ppid', String(process.pid)]).toString();
    expect(children).not.toMatch(/ffmpeg|node/);
  });
});
