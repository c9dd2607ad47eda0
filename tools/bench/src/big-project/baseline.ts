/**
 * The baseline: the same video made with plain ffmpeg from the camera files, as a script would make
 * it. Each photo is fitted to 1080p (black around it, as `contain`), zoomed by `zoompan` along the
 * same eased curve (cubic in-out) as the project's motion, faded in from and out to black over a
 * tenth of its time (the default 'fade-to-black'), the photos concatenated ten to an ffmpeg and as
 * many ffmpegs at once as cores, encoded as the workers encode (libx264 veryfast at the chunks'
 * bitrate); then the pieces joined without re-encoding and the music laid under them (each track cut
 * to its placement and faded out over its last 2 s, AAC 192k, +faststart): render.ts's slideshow,
 * at the size of a big project.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CHUNK_ENCODING,
  FPS,
  fadeFrames,
  framesPerPhoto,
  MUSIC_FADE_OUT_FRAMES,
  type MusicPlacement,
} from '@memoreel/video/chunks';
import { PHOTO_ZOOM, round } from './project.js';

const run = promisify(execFile);
const PHOTOS_PER_FFMPEG = 10;

function photoChain(input: number, durationPerPhoto: number): string {
  const frames = framesPerPhoto(durationPerPhoto);
  const fade = fadeFrames(durationPerPhoto) / FPS;
  const t = `on/${frames - 1}`;
  const eased = `if(lt(${t},0.5),4*pow(${t},3),1-pow(2-2*${t},3)/2)`;
  const zoom = `${PHOTO_ZOOM.from}+${PHOTO_ZOOM.to - PHOTO_ZOOM.from}*${eased}`;
  return (
    `[${input}:v]scale=1920:1080:force_original_aspect_ratio=decrease,pad=1920:1080:(ow-iw)/2:(oh-ih)/2,setsar=1,` +
    `zoompan=z='${zoom}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=1920x1080:fps=${FPS},` +
    `fade=t=in:st=0:d=${fade},fade=t=out:st=${durationPerPhoto - fade}:d=${fade}[v${input}]`
  );
}

async function piece(photos: string[], durationPerPhoto: number, output: string): Promise<void> {
  const chains = photos.map((_, i) => photoChain(i, durationPerPhoto));
  const joined = `${photos.map((_, i) => `[v${i}]`).join('')}concat=n=${photos.length}:v=1:a=0,format=yuv420p[out]`;
  await run('ffmpeg', [
    ...['-v', 'error', '-y', ...photos.flatMap((photo) => ['-i', photo])],
    ...['-filter_complex', `${chains.join(';')};${joined}`, '-map', '[out]', '-r', String(FPS)],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', String(CHUNK_ENCODING.videoBitrate), output],
  ]);
}

async function joinWithMusic(
  pieces: string[],
  music: MusicPlacement[],
  seconds: number,
  dir: string,
  output: string,
) {
  const list = join(dir, 'pieces.txt');
  await writeFile(list, pieces.map((path) => `file '${path}'`).join('\n'));
  const fade = MUSIC_FADE_OUT_FRAMES / FPS;
  const tracks = music.map((placement, i) => {
    const duration = placement.durationInFrames / FPS;
    return `[${i + 1}:a]atrim=duration=${duration},asetpts=PTS-STARTPTS,aformat=sample_rates=48000:channel_layouts=stereo,afade=t=out:st=${Math.max(0, duration - fade)}:d=${fade}[a${i}]`;
  });
  const audio = `${music.map((_, i) => `[a${i}]`).join('')}concat=n=${music.length}:v=0:a=1[audio]`;
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list],
    ...music.flatMap((placement) => ['-i', placement.url]),
    ...['-filter_complex', `${tracks.join(';')};${audio}`, '-map', '0:v', '-map', '[audio]'],
    ...[
      '-c:v',
      'copy',
      '-c:a',
      'aac',
      '-b:a',
      '192k',
      '-t',
      String(seconds),
      '-movflags',
      '+faststart',
      output,
    ],
  ]);
}

/** Renders the baseline into `dir`; answers its times (the join apart) and the file. */
export async function ffmpegBaseline(
  photos: string[],
  durationPerPhoto: number,
  music: MusicPlacement[],
  dir: string,
) {
  const started = performance.now();
  const groups = Array.from({ length: Math.ceil(photos.length / PHOTOS_PER_FFMPEG) }, (_, i) =>
    photos.slice(i * PHOTOS_PER_FFMPEG, (i + 1) * PHOTOS_PER_FFMPEG),
  );
  const pieces = groups.map((_, i) => join(dir, `baseline-${i}.mp4`));
  let next = 0;
  const worker = async () => {
    for (let at = next++; at < groups.length; at = next++)
      await piece(groups[at]!, durationPerPhoto, pieces[at]!);
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
  const joining = performance.now();
  const output = join(dir, 'baseline.mp4');
  await joinWithMusic(pieces, music, (photos.length * framesPerPhoto(durationPerPhoto)) / FPS, dir, output);
  const ended = performance.now();
  return {
    output,
    seconds: (ended - started) / 1000,
    joinSeconds: round((ended - joining) / 1000),
    ffmpegsAtOnce: availableParallelism(),
  };
}
