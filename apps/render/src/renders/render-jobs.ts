import { renderChunk, stitchVideo } from '@memoreel/contracts';
import { buildJob, ownerActor, recordJob, stableUuid } from '@memoreel/platform';
import type { MemoreelVideoProps } from '@memoreel/video/chunks';
import type { RenderTransaction } from '../database/render-database.js';
import { videoKey } from './render-storage.js';
import type { RenderRow } from './renders.repository.js';

/** The render service's schema, whose outbox relays these jobs. */
const SCHEMA = 'render';

/**
 * Records the chunk jobs of a render in its transaction: the outbox relay queues them once it
 * commits (decision 0004), so a crash leaves no render waiting for jobs nobody queued.
 */
export async function recordChunkJobs(
  tx: RenderTransaction,
  row: RenderRow,
  chunks: RenderRow['chunks'],
): Promise<void> {
  for (const chunk of chunks) {
    const data = {
      renderId: row.id,
      chunkIndex: chunk.chunkIndex,
      hash: chunk.hash,
      frameRange: [chunk.frameFrom, chunk.frameTo] as [number, number],
      props: row.props as MemoreelVideoProps,
    };
    // The job's id is also the broker's dedup key: one job per chunk of a render, one stitch.
    const id = stableUuid(`${row.id}:chunk:${chunk.chunkIndex}`);
    await recordJob(tx, SCHEMA, buildJob(renderChunk, ownerActor(row), data, id));
  }
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
