import { RUNNING_PHOTO_EDIT_STATUSES } from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import type { MediaDatabase, MediaTransaction } from '../database/media-database.js';
import type { PhotoEdit } from '../generated/prisma/client.js';

type Reader = MediaTransaction | MediaDatabase;
const running = [...RUNNING_PHOTO_EDIT_STATUSES];

/** The photo_edits table: one row per AI edit, from queued to applied, discarded or failed. */
@Injectable()
export class PhotoEditsRepository {
  /** Throws Prisma's P2002 while another edit of the photo is queued or working (a partial unique index). */
  insert(
    db: Reader,
    edit: {
      id: string;
      photoId: string;
      projectId: string;
      userId: string;
      kind: string;
      level: string;
      sourceKey: string;
      resultKey: string;
      enqueuedAt: Date | null;
    },
  ): Promise<PhotoEdit> {
    return db.photoEdit.create({ data: edit });
  }

  getById(db: Reader, id: string): Promise<PhotoEdit | null> {
    return db.photoEdit.findUnique({ where: { id } });
  }

  /** Locks the row until commit: apply, discard and the worker's reports of one edit run one after the other. */
  async lockById(tx: MediaTransaction, id: string): Promise<PhotoEdit | null> {
    const [row] = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM media.photo_edits WHERE id = ${id}::uuid FOR UPDATE`;
    return row ? tx.photoEdit.findUnique({ where: { id } }) : null;
  }

  /** Until commit, one transaction at a time decides what of this user's edits is queued. */
  async lockUser(tx: MediaTransaction, userId: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('media.photo_edits'), hashtext(${userId}))`;
  }

  /** The user's edits queued or working, oldest first. */
  unfinishedOfUser(db: Reader, userId: string): Promise<PhotoEdit[]> {
    return db.photoEdit.findMany({
      where: { userId, status: { in: running } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
  }

  /**
   * The user's edits whose job is on the work queue or running: enqueued and unfinished, or
   * enqueued and not yet taken by a worker (a discarded edit's job waits there all the same).
   * A job not taken since `since` is taken as lost.
   */
  inPipelineOfUser(db: Reader, userId: string, since: Date): Promise<PhotoEdit[]> {
    return db.photoEdit.findMany({
      where: {
        userId,
        enqueuedAt: { not: null },
        OR: [{ status: { in: running } }, { takenAt: null, enqueuedAt: { gt: since } }],
      },
    });
  }

  /** A worker asked about the edit's job: true the first time (the job has left the queue). */
  async markTaken(db: Reader, id: string, now: Date): Promise<boolean> {
    const { count } = await db.photoEdit.updateMany({ where: { id, takenAt: null }, data: { takenAt: now } });
    return count > 0;
  }

  ofPhoto(db: Reader, photoId: string): Promise<PhotoEdit[]> {
    return db.photoEdit.findMany({ where: { photoId } });
  }

  ofProject(db: Reader, projectId: string): Promise<PhotoEdit[]> {
    return db.photoEdit.findMany({ where: { projectId } });
  }

  ofUser(db: Reader, userId: string): Promise<PhotoEdit[]> {
    return db.photoEdit.findMany({ where: { userId } });
  }

  async deleteMany(db: Reader, ids: readonly string[]): Promise<void> {
    await db.photoEdit.deleteMany({ where: { id: { in: [...ids] } } });
  }

  /** A running edit moves on (never back): false when it is no longer running. */
  async progressed(db: Reader, id: string, progress: number, now: Date): Promise<boolean> {
    const edit = await db.photoEdit.findUnique({ where: { id } });
    if (!edit || !running.includes(edit.status as never)) return false;
    const { count } = await db.photoEdit.updateMany({
      where: { id, status: { in: running } },
      data: {
        status: 'working',
        progress: Math.max(edit.progress, progress),
        startedAt: edit.startedAt ?? now,
      },
    });
    return count > 0;
  }

  update(tx: MediaTransaction, id: string, data: Partial<PhotoEdit>): Promise<PhotoEdit> {
    return tx.photoEdit.update({ where: { id }, data });
  }

  /** Edits left unsettled past `before` (never applied nor discarded, or stuck running). */
  unsettled(db: Reader, before: Date, limit: number): Promise<PhotoEdit[]> {
    return db.photoEdit.findMany({
      where: { status: { in: [...running, 'ready', 'failed'] }, createdAt: { lt: before } },
      orderBy: { createdAt: 'asc' },
      take: limit,
    });
  }
}
