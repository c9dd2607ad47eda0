import type { Actor } from '@memoreel/contracts';
import { isVideoSize, type VideoSize } from '@memoreel/domain';
import { videoSize } from '@memoreel/video/chunks';
import type { RenderRow } from './renders.repository.js';

/** Share of the progress bar the chunks fill; the stitch takes the rest. */
export const CHUNKS_SHARE = 0.9;

export function mayRead(actor: Actor, row: RenderRow): boolean {
  return actor.role === 'admin' || (actor.userId !== null && actor.userId === row.userId);
}

export function isFinished(status: string): boolean {
  return status === 'completed' || status === 'failed';
}

/** The frame a render was drawn in, from its props (renders from before formats are 1920 × 1080). */
export function renderSize(row: Pick<RenderRow, 'props'>): VideoSize {
  const size = videoSize((row.props ?? {}) as { width?: number; height?: number });
  return isVideoSize(size) ? size : videoSize({});
}

/** Share of the chunks stored. */
export function share(row: RenderRow): number {
  return row.chunks.filter((chunk) => chunk.doneAt !== null).length / Math.max(1, row.chunks.length);
}

/**
 * From the pace of the chunks rendered since the first was taken: remaining chunks at that pace
 * plus a stitch of ~2 % of it. Null until a chunk has been rendered for this render.
 */
export function estimatedSecondsLeft(row: RenderRow, now = Date.now()): number | null {
  if (row.status === 'completed' || row.status === 'failed') return 0;
  const rendered = row.chunks.filter((chunk) => chunk.rendered && chunk.doneAt !== null).length;
  const left = row.chunks.filter((chunk) => chunk.doneAt === null).length;
  if (rendered === 0) return null;
  const perChunk = (now - row.createdAt.getTime()) / 1000 / rendered;
  return Math.max(1, Math.round(perChunk * left + perChunk * 0.2));
}

/** Spec §8: the project's name and a timestamp, ending .mp4. */
export function downloadName(projectName: string, at: Date): string {
  // Characters no file system takes in a name (and control characters) become spaces.
  const plain = [...projectName].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c));
  const safe = plain.join('').replace(/\s+/g, ' ').trim() || 'memoreel';
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll(':', '-');
  return `${safe}-${stamp}.mp4`;
}
