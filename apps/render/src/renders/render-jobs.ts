import { mixAudio, PHOTO_URL_SECONDS, renderChunk, stitchVideo } from '@memoreel/contracts';
import { buildJob, ownerActor, recordJob, stableUuid } from '@memoreel/platform';
import type { MemoreelVideoProps } from '@memoreel/video/chunks';
import type { RenderTransaction } from '../database/render-database.js';
import { videoKey } from './render-storage.js';
import type { RenderRow } from './renders.repository.js';

/** The render service's schema, whose outbox relays these jobs. */
const SCHEMA = 'render';
/**
 * How long before its photo URLs expire a chunk job stops drawing them as they are: longer than a
 * chunk takes to load its photos, with the seconds between their signing and the job's recording.
 */
const URL_MARGIN_SECONDS = 15 * 60;

/**
 * Records the chunk jobs of a render in its transaction, and the mix of its music to run beside them:
 * the outbox relay queues them once it commits (decision 0004), so a crash leaves no render waiting
 * for jobs nobody queued. The render's props were planned a moment ago from photo URLs media signed
 * then: a worker taking a job while they last draws them as they are, without asking render again.
 */
export async function recordChunkJobs(
  tx: RenderTransaction,
  row: RenderRow,
  chunks: RenderRow['chunks'],
): Promise<void> {
  const urlsFreshUntil = new Date(Date.now() + (PHOTO_URL_SECONDS - URL_MARGIN_SECONDS) * 1000).toISOString();
  for (const chunk of chunks) {
    const data = {
      renderId: row.id,
      chunkIndex: chunk.chunkIndex,
      hash: chunk.hash,
      frameRange: [chunk.frameFrom, chunk.frameTo] as [number, number],
      props: row.props as MemoreelVideoProps,
      urlsFreshUntil,
    };
    // The job's id is also the broker's dedup key: one job per chunk of a render, one stitch.
    const id = stableUuid(`${row.id}:chunk:${chunk.chunkIndex}`);
    await recordJob(tx, SCHEMA, buildJob(renderChunk, ownerActor(row), data, id));
  }
  const frames = row.chunks.reduce((sum, chunk) => sum + chunk.frameTo - chunk.frameFrom + 1, 0);
  const mix = { renderId: row.id, frames, props: row.props as MemoreelVideoProps };
  await recordJob(tx, SCHEMA, buildJob(mixAudio, ownerActor(row), mix, stableUuid(`${row.id}:music`)));
}

/** Records the stitch of a render whose chunks are all stored, in the transaction that moves it to encoding. */
export async function recordStitch(tx: RenderTransaction, row: RenderRow): Promise<void> {
  const data = {
    renderId: row.id,
    chunks: row.chunks.map((chunk) => ({ hash: chunk.hash, frames: chunk.frameTo - chunk.frameFrom + 1 })),
    props: row.props as MemoreelVideoProps,
    outputKey: videoKey(row.projectId, row.id),
  };
  await recordJob(tx, SCHEMA, buildJob(stitchVideo, ownerActor(row), data, stableUuid(`${row.id}:stitch`)));
}
