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
      sourceKey: string;
      resultKey: string;
    },
  ): Promise<PhotoEdit> {
    return db.photoEdit.create({ data: edit });
  }

  ofUser(db: Reader, userId: string, id: string): Promise<PhotoEdit | null> {
    return db.photoEdit.findFirst({ where: { id, userId } });
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
