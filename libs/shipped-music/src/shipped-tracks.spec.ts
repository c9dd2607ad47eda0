import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SAMPLE_RATE } from './mix.js';
import { SHIPPED_TRACKS } from './shipped-tracks.js';

const fingerprint = (samples: Float32Array) =>
  createHash('sha256').update(new Uint8Array(samples.buffer)).digest('hex');

describe('the shipped tracks', () => {
  it('are three, each with its own seed key', () => {
    expect(SHIPPED_TRACKS.map((track) => [track.key, track.title, track.artist])).toEqual([
      ['calm-piano', 'Morning Light', 'Memoreel'],
      ['warm-pads', 'Soft Horizon', 'Memoreel'],
      ['light-upbeat', 'Sunny Steps', 'Memoreel'],
    ]);
  });

  it.each(SHIPPED_TRACKS.map((track) => [track.title, track] as const))(
    '%s composes 2–3 minutes of stereo peaking at 0.9, the same on every install',
    (_, track) => {
      const audio = track.compose();
      const seconds = audio.left.length / SAMPLE_RATE;
      expect(seconds).toBeGreaterThanOrEqual(120);
      expect(seconds).toBeLessThanOrEqual(180);
      expect(audio.right.length).toBe(audio.left.length);
      let peak = 0;
      for (let i = 0; i < audio.left.length; i++) {
        peak = Math.max(peak, Math.abs(audio.left[i] as number), Math.abs(audio.right[i] as number));
      }
      expect(peak).toBeCloseTo(0.9, 5);
      const first = fingerprint(audio.left);
      expect(fingerprint(track.compose().left)).toBe(first);
    },
  );
});
