import { serviceCounter, serviceHistogram } from '@memoreel/platform';
import type { Rendering } from './jobs/rendering.js';

/** Chunk renders by outcome: `ok` or `failed` (the job may be delivered again). */
export const renderChunks = serviceCounter({
  name: 'memoreel_render_chunks_total',
  help: 'Chunk renders by outcome (ok, failed).',
  labelNames: ['outcome'] as const,
});

/** Frames of rendered chunks: its rate is the workers' render speed in fps. */
export const renderFrames = serviceCounter({
  name: 'memoreel_render_frames_total',
  help: 'Frames rendered into chunks.',
});

/** Wall time of one chunk render: Chromium's page and photos, the frames, the encoding. */
export const renderChunkDuration = serviceHistogram({
  name: 'memoreel_render_chunk_duration_seconds',
  help: 'Wall time of one chunk render (page, photos, frames, encoding), successful ones.',
  buckets: [2, 5, 10, 20, 30, 45, 60, 90, 120, 180, 300],
});

/**
 * Stitches by where their music was mixed: `ahead` (render.audio.mix, beside the chunks; the stitch
 * copies it in) or `in-stitch` (none was ready: the stitch mixed and encoded it, the slower way).
 */
export const renderStitchMusic = serviceCounter({
  name: 'memoreel_render_stitch_music_total',
  help: 'Stitches by where their music was mixed (ahead, in-stitch).',
  labelNames: ['mixed'] as const,
});

/**
 * Wall time of each phase of a stitch: `download` (the chunk files and the music mixed ahead), `join`
 * (the chunks joined with the music — mixed and encoded here when it was not mixed ahead —, the index
 * moved to the front), `upload` (the MP4 to storage).
 */
export const renderStitchPhaseDuration = serviceHistogram({
  name: 'memoreel_render_stitch_phase_duration_seconds',
  help: 'Wall time of each phase of a stitch (download, join, upload), successful ones.',
  labelNames: ['phase'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300],
});

/** The same rendering, counted: chunks by outcome, frames, and how long each successful chunk took. */
export function measuredRendering(rendering: Rendering): Rendering {
  return {
    async renderChunk(chunk, outputPath, options) {
      const stopTimer = renderChunkDuration.startTimer();
      try {
        const rendered = await rendering.renderChunk(chunk, outputPath, options);
        stopTimer();
        renderChunks.inc({ outcome: 'ok' });
        renderFrames.inc(chunk.frameRange[1] - chunk.frameRange[0] + 1);
        return rendered;
      } catch (error) {
        renderChunks.inc({ outcome: 'failed' });
        throw error;
      }
    },
    stitch: (chunks, music, output, audio) => rendering.stitch(chunks, music, output, audio),
    mixMusic: (music, frames, output) => rendering.mixMusic(music, frames, output),
    close: () => rendering.close(),
  };
}
