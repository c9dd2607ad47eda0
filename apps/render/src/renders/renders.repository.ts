import { Injectable } from '@nestjs/common';
import type { RenderDatabase, RenderTransaction } from '../database/render-database.js';
import type { Prisma } from '../generated/prisma/client.js';

type Db = RenderDatabase | RenderTransaction;

export type RenderRow = Prisma.RenderedVideoGetPayload<{ include: { chunks: true } }>;

/** Statuses of a render that has not ended. */
export const RUNNING = ['pending', 'queued', 'preparing', 'rendering', 'encoding'] as const;

/** rendered_videos and their render_chunks. */
@Injectable()
export class RendersRepository {
  create(db: Db, data: Prisma.RenderedVideoUncheckedCreateInput): Promise<RenderRow> {
    return db.renderedVideo.create({ data, include: { chunks: { orderBy: { chunkIndex: 'asc' } } } });
  }

  getById(db: Db, id: string): Promise<RenderRow | null> {
    return db.renderedVideo.findUnique({
      where: { id },
      include: { chunks: { orderBy: { chunkIndex: 'asc' } } },
    });
  }

  /** Newest first. */
  listOfProject(db: Db, projectId: string, take?: number): Promise<RenderRow[]> {
    return db.renderedVideo.findMany({
      where: { projectId },
      orderBy: { createdAt: 'desc' },
      include: { chunks: { orderBy: { chunkIndex: 'asc' } } },
      ...(take === undefined ? {} : { take }),
    });
  }

  /**
   * The newest render of this version that is done or still moving (failed ones are retried, and so
   * is one silent since `stalledBefore`, which the watchdog is about to fail).
   */
  latestOfVersion(
    db: Db,
    projectId: string,
    projectVersion: string,
    stalledBefore: Date,
  ): Promise<RenderRow | null> {
    return db.renderedVideo.findFirst({
      where: {
        projectId,
        projectVersion,
        OR: [{ status: 'completed' }, { status: { not: 'failed' }, progressedAt: { gte: stalledBefore } }],
      },
      orderBy: { createdAt: 'desc' },
      include: { chunks: { orderBy: { chunkIndex: 'asc' } } },
    });
  }

  /** The project's render waiting for its photos, if one is. */
  pendingOfProject(db: Db, projectId: string): Promise<RenderRow | null> {
    return db.renderedVideo.findFirst({
      where: { projectId, status: 'pending' },
      orderBy: { createdAt: 'desc' },
      include: { chunks: { orderBy: { chunkIndex: 'asc' } } },
    });
  }

  /** Every render waiting for its photos, oldest first. */
  pending(db: Db): Promise<RenderRow[]> {
    return db.renderedVideo.findMany({
      where: { status: 'pending' },
      orderBy: { createdAt: 'asc' },
      include: { chunks: { orderBy: { chunkIndex: 'asc' } } },
    });
  }

  /** Marks a chunk stored; false when it was already (a redelivered report). */
  async markChunkDone(db: Db, renderId: string, chunkIndex: number, rendered: boolean): Promise<boolean> {
    const { count } = await db.renderChunk.updateMany({
      where: { renderId, chunkIndex, doneAt: null },
      data: { doneAt: new Date(), rendered },
    });
    return count > 0;
  }

  /** Moves a render from one of `from` to `to`; false when it was in none of them (any more). */
  async moveStatus(
    db: Db,
    id: string,
    from: string | string[],
    to: string,
    data: Prisma.RenderedVideoUncheckedUpdateInput = {},
    options: { silentSince?: Date } = {},
  ): Promise<boolean> {
    const { count } = await db.renderedVideo.updateMany({
      where: {
        id,
        status: { in: typeof from === 'string' ? [from] : from },
        ...(options.silentSince ? { progressedAt: { lt: options.silentSince } } : {}),
      },
      data: { ...data, status: to, progressedAt: new Date() },
    });
    return count > 0;
  }

  /** Notes that a render still moves (a worker took one of its chunks). */
  async touch(db: Db, id: string): Promise<void> {
    await db.renderedVideo.updateMany({
      where: { id, status: { in: [...RUNNING] } },
      data: { progressedAt: new Date() },
    });
  }

  /**
   * Renders under way that have not moved since `before` (the watchdog's); one waiting for its photos
   * is the pending watch's (`advancePending`), which fails it with its own reason.
   */
  silentSince(db: Db, before: Date): Promise<{ id: string }[]> {
    return db.renderedVideo.findMany({
      where: {
        status: { in: RUNNING.filter((status) => status !== 'pending') },
        progressedAt: { lt: before },
      },
      select: { id: true },
    });
  }

  /**
   * Holds the chunk files of `hashes` against a clean-up until the transaction ends: shared by the
   * renders being started, exclusive for the clean-up deciding whether to delete them.
   */
  async lockChunkFiles(tx: RenderTransaction, hashes: string[], mode: 'shared' | 'exclusive') {
    const lock = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
    // Sorted (unnest keeps the order), so a start and a clean-up never wait on each other in a cycle.
    await tx.$executeRawUnsafe(
      `SELECT ${lock}(hashtextextended(h, 0)) FROM unnest($1::text[]) AS h`,
      [...new Set(hashes)].sort(),
    );
  }

  /** Which of `hashes` a render still names. */
  async referencedHashes(db: Db, hashes: string[]): Promise<string[]> {
    const rows = await db.renderChunk.findMany({
      where: { hash: { in: hashes } },
      select: { hash: true },
      distinct: ['hash'],
    });
    return rows.map((row) => row.hash);
  }

  /** Marks the chunks found stored already (by any render) done, not rendered for this one. */
  async markChunksReused(db: Db, renderId: string, chunkIndexes: number[]): Promise<void> {
    if (chunkIndexes.length === 0) return;
    await db.renderChunk.updateMany({
      where: { renderId, chunkIndex: { in: chunkIndexes }, doneAt: null },
      data: { doneAt: new Date(), rendered: false },
    });
  }

  update(db: Db, id: string, data: Prisma.RenderedVideoUncheckedUpdateInput) {
    return db.renderedVideo.updateMany({ where: { id }, data: { ...data, progressedAt: new Date() } });
  }

  deleteMany(db: Db, ids: string[]) {
    return db.renderedVideo.deleteMany({ where: { id: { in: ids } } });
  }
}
