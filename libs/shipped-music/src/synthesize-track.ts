import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SAMPLE_RATE, type Stereo } from './mix.js';
import type { ShippedTrack } from './shipped-tracks.js';

const FADE_IN_SECONDS = 2;
const FADE_OUT_SECONDS = 6;
/** EBU R128 integrated loudness of streamed music, and peaks held below -1.5 dBFS for the MP3 encoder. */
export const TARGET_LUFS = -16;
const PEAK_DBFS = -1.5;

/** Interleaved 32-bit float PCM, as ffmpeg's `f32le` reads it. */
export function interleaved({ left, right }: Stereo): Float32Array<ArrayBuffer> {
  const pcm = new Float32Array(left.length * 2);
  for (let i = 0; i < left.length; i++) {
    pcm[2 * i] = left[i] as number;
    pcm[2 * i + 1] = right[i] as number;
  }
  return pcm;
}

/**
 * The worker that composes a shipped track: always the built JavaScript (a spec running this file's
 * TypeScript source has no loader in a worker thread), so `npm run build` comes first.
 */
const here = fileURLToPath(import.meta.url);
const COMPOSER = here.endsWith('.ts')
  ? join(dirname(here), '..', 'dist', 'compose-worker.js')
  : join(dirname(here), 'compose-worker.js');

/**
 * A shipped track composed in a worker thread: composing takes about a second of CPU (more on a busy
 * machine), which on the service's own thread would hold every request of a fresh standalone install
 * past its timeout. Answers the interleaved PCM.
 */
function composeInWorker(key: string, signal?: AbortSignal): Promise<Float32Array> {
  signal?.throwIfAborted();
  return new Promise((resolve, reject) => {
    // Nothing of this process's flags (a loader, preloaded telemetry): the worker runs built JavaScript only.
    // A worker also reads NODE_OPTIONS from its environment: a loader named there loaded its native
    // compiler again in the worker thread, which crashed the whole process now and then.
    const worker = new Worker(COMPOSER, {
      workerData: { key },
      execArgv: [],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const stop = () => void worker.terminate();
    signal?.addEventListener('abort', stop, { once: true });
    worker.once('message', resolve);
    worker.once('error', reject);
    // After its answer this changes nothing; before it (stopped, or ended without one) it fails the call.
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', stop);
      reject(
        signal?.aborted
          ? signal.reason
          : new Error(`Composing ${key} ended without a track (exit code ${code})`),
      );
    });
  });
}

/** Runs ffmpeg on the PCM; resolves with its stdout and stderr. */
function ffmpegOn(
  ffmpegPath: string,
  args: string[],
  pcm: Buffer,
  signal?: AbortSignal,
): Promise<{ stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    // An abort (the service stopping) kills ffmpeg and rejects with an AbortError.
    const ffmpeg = spawn(ffmpegPath, ['-hide_banner', '-nostats', ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      signal,
    });
    const output: Buffer[] = [];
    let stderr = '';
    ffmpeg.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    ffmpeg.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    ffmpeg.on('error', reject);
    ffmpeg.on('close', (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(output), stderr });
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().slice(-500)}`));
    });
    ffmpeg.stdin.on('error', () => undefined);
    ffmpeg.stdin.end(pcm);
  });
}

/** Integrated loudness (LUFS) from the summary ffmpeg's `ebur128` filter prints. */
function integratedLoudness(ebur128Summary: string): number {
  const summary = ebur128Summary.slice(ebur128Summary.lastIndexOf('Integrated loudness:'));
  const match = /I:\s+(-?[\d.]+) LUFS/.exec(summary);
  if (!match) throw new Error(`ebur128 printed no integrated loudness: ${summary.slice(0, 300)}`);
  return Number(match[1]);
}

/**
 * Composes a shipped track (in a worker thread, by its key) and encodes it (`encodeTrack`).
 */
export async function synthesizeTrack(
  track: ShippedTrack,
  ffmpegPath: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  return encodeTrack(track, await composeInWorker(track.key, signal), ffmpegPath, signal);
}

/**
 * Encodes a composition with ffmpeg: echo and fades, then a gain that brings it to TARGET_LUFS
 * measured by `ebur128` (two cheap passes instead of `loudnorm`, which resamples to 192 kHz and took
 * ten times as long), a limiter for the peaks, and MP3. `pcm`: interleaved stereo (`interleaved`).
 */
export async function encodeTrack(
  track: Pick<ShippedTrack, 'title' | 'artist' | 'echo'>,
  samples: Float32Array,
  ffmpegPath: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const seconds = samples.length / 2 / SAMPLE_RATE;
  const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const input = ['-f', 'f32le', '-ar', String(SAMPLE_RATE), '-ac', '2', '-i', 'pipe:0'];
  const shaped = [
    track.echo,
    `afade=t=in:d=${FADE_IN_SECONDS}`,
    `afade=t=out:st=${(seconds - FADE_OUT_SECONDS).toFixed(2)}:d=${FADE_OUT_SECONDS}`,
  ].join(',');
  const measured = await ffmpegOn(
    ffmpegPath,
    [...input, '-af', `${shaped},ebur128`, '-f', 'null', '-'],
    pcm,
    signal,
  );
  const gainDb = TARGET_LUFS - integratedLoudness(measured.stderr);
  const limit = 10 ** (PEAK_DBFS / 20);
  const encoded = await ffmpegOn(
    ffmpegPath,
    [
      ...['-loglevel', 'error', ...input],
      ...['-af', `${shaped},volume=${gainDb.toFixed(2)}dB,alimiter=limit=${limit.toFixed(3)}:level=false`],
      ...['-c:a', 'libmp3lame', '-b:a', '192k', '-id3v2_version', '3'],
      ...['-metadata', `title=${track.title}`, '-metadata', `artist=${track.artist}`, '-f', 'mp3', 'pipe:1'],
    ],
    pcm,
    signal,
  );
  return encoded.stdout;
}
