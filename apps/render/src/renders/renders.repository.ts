import { Injectable } from '@nestjs/common';
import type { RenderDatabase, RenderTransaction } from '../database/render-database.js';
import type { Prisma } from '../generated/prisma/client.js';

type Db = RenderDatabase | RenderTransaction;

export type RenderRow = Prisma.RenderedVideoGetPayload<{ include: { chunks: true } }>;

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

  /** The newest render of this version that is done or still going (failed ones are retried). */
  latestOfVersion(db: Db, projectId: string, projectVersion: string): Promise<RenderRow | null> {
    return db.renderedVideo.findFirst({
      where: { projectId, projectVersion, status: { not: 'failed' } },
      orderBy: { createdAt: 'desc' },
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

  /** Moves a render from `from` to `to`; false when it was not in `from` (any more). */
  async moveStatus(db: Db, id: string, from: string, to: string): Promise<boolean> {
    const { count } = await db.renderedVideo.updateMany({
      where: { id, status: from },
      data: { status: to },
    });
    return count > 0;
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
    return db.renderedVideo.updateMany({ where: { id }, data });
  }

  deleteMany(db: Db, ids: string[]) {
    return db.renderedVideo.deleteMany({ where: { id: { in: ids } } });
  }
}
