import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '@memoreel/platform';
import type { StitchChunk, StitchMusic } from './stitch.js';

/** Chunk files fetched at once: a long video has hundreds, and each GET waits on the store first. */
export const CHUNK_DOWNLOADS_AT_ONCE = 4;

/** Where a render's chunks are and where its video goes. */
export interface StitchSource {
  storage: Storage;
  bucket: string;
  /** The chunks' keys in timeline order, with their frame counts. */
  chunks: { key: string; frames: number }[];
  music: StitchMusic[];
  /** Where the render's music mixed ahead may be (`render.audio.mix`); mixed while joining when it is not there. */
  audioKey?: string;
  outputKey: string;
}

/** What a stitch took, phase by phase (logged by the job, read by `tools/bench stitch`). */
export interface StitchTimings {
  bytes: number;
  /** Whether the music came mixed ahead (joining then copies it) or was mixed while joining. */
  premixed: boolean;
  downloadMs: number;
  joinMs: number;
  uploadMs: number;
}

/**
 * Downloads the chunks into a temporary folder (a few at a time), joins them with the music
 * (`joinFiles`: `Rendering.stitch`) and streams the MP4 to storage — from disk: a 60-minute video is
 * gigabytes, never held in memory. The folder goes whatever happens.
 */
export async function stitchRender(
  source: StitchSource,
  joinFiles: (chunks: StitchChunk[], music: StitchMusic[], output: string, audio?: string) => Promise<void>,
): Promise<StitchTimings> {
  const dir = await mkdtemp(join(tmpdir(), 'memoreel-stitch-job-'));
  try {
    let started = performance.now();
    const [chunks, audio] = await Promise.all([downloadChunks(source, dir), downloadAudio(source, dir)]);
    const downloadMs = performance.now() - started;

    started = performance.now();
    const output = join(dir, 'video.mp4');
    await joinFiles(chunks, source.music, output, audio);
    const joinMs = performance.now() - started;

    started = performance.now();
    const { size } = await stat(output);
    await source.storage.put(source.bucket, source.outputKey, createReadStream(output), {
      contentType: 'video/mp4',
      size,
    });
    return {
      bytes: size,
      premixed: audio !== undefined,
      downloadMs,
      joinMs,
      uploadMs: performance.now() - started,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The music mixed ahead, to `dir/audio.m4a`; undefined when there is none (not asked for, not done yet, failed). */
async function downloadAudio(source: StitchSource, dir: string): Promise<string | undefined> {
  if (!source.audioKey || !(await source.storage.stat(source.bucket, source.audioKey))) return undefined;
  const path = join(dir, 'audio.m4a');
  await pipeline(await source.storage.get(source.bucket, source.audioKey), createWriteStream(path));
  return path;
}

/** Each chunk to `dir/<index>.mp4`, `CHUNK_DOWNLOADS_AT_ONCE` at a time; the list in timeline order. */
async function downloadChunks(source: StitchSource, dir: string): Promise<StitchChunk[]> {
  const chunks = source.chunks.map((chunk, i) => ({
    key: chunk.key,
    path: join(dir, `${i}.mp4`),
    frames: chunk.frames,
  }));
  let next = 0;
  const fetchNext = async (): Promise<void> => {
    while (next < chunks.length) {
      const chunk = chunks[next++] as (typeof chunks)[number];
      await pipeline(await source.storage.get(source.bucket, chunk.key), createWriteStream(chunk.path));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHUNK_DOWNLOADS_AT_ONCE, chunks.length) }, fetchNext));
  return chunks.map(({ path, frames }) => ({ path, frames }));
}
