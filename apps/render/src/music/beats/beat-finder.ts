import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { type HeardBeats, settleBeats, type TrackBeats } from './beat-grid.js';

/** What one analysis may use: the audio's first 15 minutes (a video is shorter), 60 s, 1 GB for the child. */
export const BEAT_LIMITS = { seconds: 15 * 60, timeoutMs: 60_000, heapMb: 1024 };
const SAMPLE_RATE = 44_100;
/** The onset envelope's step: 2 ms places a beat well within a frame of video (33 ms). */
const HOP_SECONDS = 0.002;

const require = createRequire(import.meta.url);

/**
 * The child's program (CommonJS): mono 44.1 kHz float PCM on stdin; on stdout, as JSON, essentia's
 * tempo and ticks (RhythmExtractor2013, Degara's method: a few times faster than multifeature and as
 * sure of the tempo) and the onset envelope they are settled on.
 */
const CHILD_SOURCE = `
const { Essentia, EssentiaWASM } = require(process.argv[1]);
const hopSeconds = Number(process.argv[2]);
const rate = Number(process.argv[3]);
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => {
  const bytes = Buffer.concat(chunks);
  const samples = new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  const essentia = new Essentia(EssentiaWASM);
  const found = essentia.RhythmExtractor2013(essentia.arrayToVector(samples), 208, 'degara', 40);
  const ticks = Array.from(essentia.vectorToArray(found.ticks));
  const hop = Math.round(hopSeconds * rate);
  const onsets = [];
  let previous = 0;
  for (let start = 0; start + hop <= samples.length; start += hop) {
    let energy = 0;
    for (let i = start; i < start + hop; i++) energy += samples[i] * samples[i];
    const level = Math.sqrt(energy / hop);
    onsets.push(Math.round(Math.max(0, level - previous) * 1e5) / 1e5);
    previous = level;
  }
  // The step actually taken (a whole number of samples), so frame times do not drift.
  process.stdout.write(JSON.stringify({ bpm: found.bpm, ticks, onsets, hopSeconds: hop / rate }), () => process.exit(0));
});`;

/**
 * A track's tempo and beats: ffmpeg decodes whatever the file is to mono PCM, straight into a child
 * process that runs essentia's WebAssembly — seconds of work that must not hold the render
 * service's event loop, with memory that goes back to the system when the child ends. Null when
 * the audio has no beat to find (silence, a drone).
 */
export async function findTrackBeats(
  audio: Readable,
  ffmpegPath: string,
  limits = BEAT_LIMITS,
): Promise<TrackBeats | null> {
  const decoder = spawn(
    ffmpegPath,
    [
      '-v',
      'error',
      '-i',
      'pipe:0',
      '-t',
      String(limits.seconds),
      '-ac',
      '1',
      '-ar',
      String(SAMPLE_RATE),
      '-f',
      'f32le',
      'pipe:1',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const analyser = spawn(
    process.execPath,
    [
      `--max-old-space-size=${limits.heapMb}`,
      '-e',
      CHILD_SOURCE,
      require.resolve('essentia.js'),
      String(HOP_SECONDS),
      String(SAMPLE_RATE),
    ],
    { stdio: ['pipe', 'pipe', 'pipe'], env: {} },
  );
  const stop = () => {
    decoder.kill('SIGKILL');
    analyser.kill('SIGKILL');
  };
  const timer = setTimeout(stop, limits.timeoutMs);
  try {
    audio.on('error', stop);
    audio.pipe(decoder.stdin).on('error', () => undefined);
    decoder.stdout.pipe(analyser.stdin).on('error', () => undefined);
    const [decoded, analysed] = await Promise.all([finished(decoder, false), finished(analyser, true)]);
    if (decoded.code !== 0)
      throw new Error(`ffmpeg could not decode the track: ${decoded.stderr.slice(-300)}`);
    if (analysed.code !== 0)
      throw new Error(
        `beat analysis failed (${analysed.code ?? analysed.signal}): ${analysed.stderr.slice(-300)}`,
      );
    return settleBeats(JSON.parse(analysed.stdout) as HeardBeats);
  } finally {
    clearTimeout(timer);
    stop();
  }
}

/** How a child ended, with what it printed (its stdout only when kept: the decoder's goes to the analyser). */
function finished(child: ReturnType<typeof spawn>, keepStdout: boolean) {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  if (keepStdout) child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) =>
        resolve({
          code,
          signal,
          stdout: Buffer.concat(out).toString(),
          stderr: Buffer.concat(err).toString(),
        }),
      );
    },
  );
}
