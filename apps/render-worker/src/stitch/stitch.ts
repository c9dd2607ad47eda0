import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FPS, MUSIC_FADE_OUT_FRAMES, type MusicPlacement } from '@memoreel/video/chunks';
import { ffmpeg } from './ffmpeg.js';

/** A rendered chunk in timeline order: its MP4 and how many frames it holds. */
export type StitchChunk = { path: string; frames: number };

/** A placed music track (`musicPlacements`) and where ffmpeg reads its audio (a local path or URL). */
export type StitchMusic = { placement: MusicPlacement; source: string };

const AUDIO_RATE = 48_000;
const AUDIO_BITRATE = '192k';

/**
 * Joins the chunks into the final video without re-encoding them, with its music, and writes an MP4
 * that starts playing before it has fully downloaded (`+faststart`). The music is `audio` as it is
 * when given (`mixMusic`'s file, made while the chunks rendered), else mixed here the same way.
 *
 * - The web renderer's MP4s end one frame short (their last sample has ~0 duration); a plain concat
 *   list would overlap the next chunk by a frame. The ffconcat list gives each chunk its exact
 *   duration, frames ÷ fps (PLATFORM-NOTES).
 */
export async function stitch(
  chunks: StitchChunk[],
  music: StitchMusic[],
  output: string,
  audio?: string,
): Promise<void> {
  if (chunks.length === 0) throw new Error('Nothing to stitch: no chunks');
  const totalFrames = chunks.reduce((sum, chunk) => sum + chunk.frames, 0);
  const workDir = await mkdtemp(join(tmpdir(), 'memoreel-stitch-'));
  try {
    const list = join(workDir, 'chunks.ffconcat');
    await writeFile(list, ffconcatList(chunks));
    const sound = audio
      ? [...['-i', resolve(audio)], ...['-map', '0:v', '-map', '1:a', '-c', 'copy']]
      : [...mixInputs(music, totalFrames, 1), ...['-map', '0:v', '-map', '[audio]', '-c:v', 'copy', ...AAC]];
    await ffmpeg([
      ...['-f', 'concat', '-safe', '0', '-i', list],
      ...sound,
      ...['-movflags', '+faststart'],
      resolve(output),
    ]);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The video's sound alone, as an M4A of exactly `frames`: each track sounds from its start for its
 * duration and fades out linearly over its last 60 frames, the same numbers `musicVolumeAt` gives the
 * preview. The tracks are mixed (unnormalised: a lone track keeps its level) over silence of the
 * video's length, so the audio always exists and ends with the video.
 */
export async function mixMusic(music: StitchMusic[], frames: number, output: string): Promise<void> {
  await ffmpeg([...mixInputs(music, frames, 0), ...['-map', '[audio]', ...AAC], resolve(output)]);
}

// The AAC encoding was most of a stitch (now done while the chunks render: `mixMusic`): ffmpeg's default coder (two-loop search) took 12 of a 5-minute
// video's 14 s here. Its fast one takes 1.6x less, at 40 dB SNR against the MP3 where two-loop gives 44
// (at 192 kbit/s both are far past what ears tell apart). Measured: tools/bench stitch.
const AAC = ['-c:a', 'aac', '-aac_coder', 'fast', '-b:a', AUDIO_BITRATE];

/** Silence of the video's length (input `silence`: 1 after the chunks, 0 alone), the tracks, and their mix as `[audio]`. */
function mixInputs(music: StitchMusic[], frames: number, silence: number): string[] {
  return [
    ...['-f', 'lavfi', '-t', seconds(frames), '-i', `anullsrc=r=${AUDIO_RATE}:cl=stereo`],
    ...music.flatMap(({ source }) => ['-i', source]),
    ...['-filter_complex', musicMixGraph(music, silence)],
  ];
}

/** The concat demuxer's list, each chunk with its exact duration. */
export function ffconcatList(chunks: StitchChunk[]): string {
  const lines = ['ffconcat version 1.0'];
  for (const chunk of chunks) {
    lines.push(`file '${resolve(chunk.path).replaceAll("'", "'\\''")}'`, `duration ${seconds(chunk.frames)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The filter graph: input `silence` is silence of the video's length, the inputs after it the tracks.
 * Each track is cut to its duration, brought to one format, faded, and delayed to its start; `amix`
 * with `duration=first` ends the mix with the silence, i.e. with the video.
 */
export function musicMixGraph(music: StitchMusic[], silence = 1): string {
  const format = `aformat=sample_fmts=fltp:sample_rates=${AUDIO_RATE}:channel_layouts=stereo`;
  const tracks = music.map(({ placement }, i) => {
    const steps = [
      `atrim=duration=${seconds(placement.durationInFrames)}`,
      'asetpts=PTS-STARTPTS',
      format,
      fadeOut(placement),
      `adelay=delays=${Math.round((placement.from / FPS) * 1000)}:all=1`,
    ];
    return `[${i + silence + 1}:a]${steps.join(',')}[track${i}]`;
  });
  const inputs = [`[${silence}:a]`, ...music.map((_, i) => `[track${i}]`)].join('');
  const mix = `${inputs}amix=inputs=${music.length + 1}:duration=first:normalize=0:dropout_transition=0,${format}[audio]`;
  return [...tracks, mix].join(';');
}

/**
 * `musicVolumeAt` as a filter, in the track's own time: 1 until `fadeOutFrom`, then a straight line to
 * 0 on its last frame. A track shorter than the fade starts part-way down the ramp, which `afade`
 * cannot express, so it gets the same line as a volume expression.
 */
function fadeOut(placement: MusicPlacement): string {
  const fadeSeconds = MUSIC_FADE_OUT_FRAMES / FPS;
  const start = (placement.fadeOutFrom - placement.from) / FPS;
  if (start >= 0) return `afade=t=out:st=${start.toFixed(6)}:d=${fadeSeconds}:curve=tri`;
  const lastFrameTime = ((placement.durationInFrames - 1) / FPS).toFixed(6);
  return `volume=volume='clip((${lastFrameTime}-t)/${fadeSeconds},0,1)':eval=frame`;
}

function seconds(frames: number): string {
  return (frames / FPS).toFixed(6);
}
