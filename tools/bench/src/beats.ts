/**
 * Beats (issue 35): how long the render service takes to find a track's tempo and beats — ffmpeg's
 * decode to mono PCM straight into the essentia child (RhythmExtractor2013, Degara) and the settling
 * on onsets — per track minute, against the baseline of ffmpeg decoding the same file to the same
 * PCM alone, both in the same run. Tracks: the three shipped ones (synthesised here as the seed makes
 * them) and click tracks at 60, 90, 120 and 150 BPM (2 minutes each). Prints one JSON object (medians
 * over ROUNDS). Aim: ≤ 2 s a track minute.
 *
 *   npm run --workspace tools/bench beats   (ROUNDS=3 by default)
 */
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { SHIPPED_TRACKS, synthesizeTrack } from '@memoreel/shipped-music';
import { findTrackBeats } from '../../../apps/render/src/music/beats/beat-finder.js';
import { clickTrack } from '../../../apps/render/test/click-track.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

/** The baseline: the same decode, its PCM counted and thrown away; answers the audio's length in seconds. */
function decodeOnly(audio: Buffer): Promise<number> {
  const ffmpeg = spawn(FFMPEG, [
    '-v',
    'error',
    '-i',
    'pipe:0',
    '-ac',
    '1',
    '-ar',
    '44100',
    '-f',
    'f32le',
    'pipe:1',
  ]);
  let bytes = 0;
  ffmpeg.stdout.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  ffmpeg.stdin.on('error', () => undefined);
  ffmpeg.stdin.end(audio);
  return new Promise((resolve, reject) =>
    ffmpeg.once('close', (code) =>
      code === 0 ? resolve(bytes / 4 / 44_100) : reject(new Error(`ffmpeg ${code}`)),
    ),
  );
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const tracks: { name: string; audio: Buffer }[] = [];
for (const track of SHIPPED_TRACKS)
  tracks.push({ name: track.title, audio: await synthesizeTrack(track, FFMPEG) });
for (const bpm of [60, 90, 120, 150])
  tracks.push({ name: `click ${bpm} BPM`, audio: await clickTrack(bpm, 120, 0.3) });

const rows = [];
for (const track of tracks) {
  const minutes = (await decodeOnly(track.audio)) / 60;
  const analysis: number[] = [];
  const baseline: number[] = [];
  let found: Awaited<ReturnType<typeof findTrackBeats>> = null;
  for (let round = 0; round < ROUNDS; round++) {
    let started = performance.now();
    found = await findTrackBeats(Readable.from(track.audio), FFMPEG);
    analysis.push(performance.now() - started);
    started = performance.now();
    await decodeOnly(track.audio);
    baseline.push(performance.now() - started);
  }
  rows.push({
    track: track.name,
    minutes: Math.round(minutes * 100) / 100,
    tempo: found?.tempo ?? null,
    beats: found?.beats.length ?? 0,
    analysisMs: Math.round(median(analysis)),
    decodeOnlyMs: Math.round(median(baseline)),
    ratioToDecode: Math.round((median(analysis) / median(baseline)) * 10) / 10,
    msPerTrackMinute: Math.round(median(analysis) / minutes),
  });
}
console.log(
  JSON.stringify(
    {
      bench: 'beats',
      rounds: ROUNDS,
      cpus: cpus().length,
      loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
      medianMsPerTrackMinute: median(rows.map((row) => row.msPerTrackMinute)),
      aimMsPerTrackMinute: 2000,
      tracks: rows,
    },
    null,
    2,
  ),
);
