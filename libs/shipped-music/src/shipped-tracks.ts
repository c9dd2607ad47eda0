import { calmPiano, lightUpbeat, warmPads } from './compositions.js';
import type { Stereo } from './mix.js';

/**
 * The three tracks a fresh install offers (decision 0013): composed note by note, rendered to PCM in
 * JS (voices cached per pitch), then given echo, fades, a loudness-normalising gain and MP3
 * encoding by ffmpeg (`synthesizeTrack`).
 */
export interface ShippedTrack {
  /** Stable name of the seed: recorded once added, so a deleted one does not come back. */
  key: string;
  title: string;
  artist: string;
  /** ffmpeg's reverb-like echo for this mood. */
  echo: string;
  compose(): Stereo;
}

export const SHIPPED_TRACKS: readonly ShippedTrack[] = [
  {
    key: 'calm-piano',
    title: 'Morning Light',
    artist: 'Memoreel',
    echo: 'aecho=0.8:0.75:70|130|210:0.28|0.18|0.1',
    compose: calmPiano,
  },
  {
    key: 'warm-pads',
    title: 'Soft Horizon',
    artist: 'Memoreel',
    echo: 'aecho=0.8:0.8:90|170|260:0.3|0.2|0.12',
    compose: warmPads,
  },
  {
    key: 'light-upbeat',
    title: 'Sunny Steps',
    artist: 'Memoreel',
    echo: 'aecho=0.8:0.85:60|110:0.15|0.08',
    compose: lightUpbeat,
  },
];
