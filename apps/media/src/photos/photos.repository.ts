import type { PhotoSubjects } from '@memoreel/contracts';
import type { PhotoStatus } from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import type { MediaDatabase, MediaTransaction } from '../database/media-database.js';
import type { Photo } from '../generated/prisma/client.js';

type Reader = MediaTransaction | MediaDatabase;

export const UploadStatus = {
  awaitingUpload: 'awaiting-upload',
  stored: 'stored',
  rejected: 'rejected',
  /**
   * Its project (or its photo) was deleted while a PUT URL of it could still be used: the row stays
   * until the sweep, once that URL has expired, removes what a late PUT left.
   */
  projectDeleted: 'project-deleted',
} as const;

/** An upload's row as it is requested: it holds the photo's place in its project until it ends. */
export interface NewUpload {
  id: string;
  userId: string;
  /** The friend who uploads it through a link; null for the owner's own uploads. */
  submittedBy: string | null;
  /** The link it comes through: its place is held only while the link works. */
  linkId: string | null;
  projectId: string;
  storagePath: string;
  originalName: string;
  contentType: string;
  uploadExpiresAt: Date;
}

/** The photos table: one row per upload, from its presigned URL to the stored photo. */
@Injectable()
export class PhotosRepository {
  async insertMany(tx: MediaTransaction, photos: NewUpload[]): Promise<void> {
    await tx.photo.createMany({ data: photos });
  }

  /** Locks the row until commit, so two completes of one upload run one after the other. */
  async lockById(tx: MediaTransaction, id: string): Promise<Photo | null> {
    const [row] = await tx.$queryRaw<
      { id: string }[]
    >`SELECT id FROM media.photos WHERE id = ${id}::uuid FOR UPDATE`;
    return row ? tx.photo.findUnique({ where: { id } }) : null;
  }

  getById(db: Reader, id: string): Promise<Photo | null> {
    return db.photo.findUnique({ where: { id } });
  }

  /** The photo stored under `id`, whoever's it is; null while it is an upload, or gone. */
  getStored(db: Reader, id: string): Promise<Photo | null> {
    return db.photo.findFirst({ where: { id, status: UploadStatus.stored } });
  }

  storedOfUser(db: Reader, userId: string, ids: readonly string[]): Promise<Photo[]> {
    return db.photo.findMany({ where: { userId, id: { in: [...ids] }, status: UploadStatus.stored } });
  }

  ofProject(db: Reader, projectId: string): Promise<Photo[]> {
    return db.photo.findMany({ where: { projectId } });
  }

  /**
   * The photo joins its project: stored, and given its place (after the last accepted photo; a
   * pending one takes its place only when accepted). Call under `lockPlaces`.
   */
  async markStored(
    tx: MediaTransaction,
    { id, projectId }: { id: string; projectId: string },
    stored: { storagePath: string; size: number; width: number; height: number; contentHash: string },
    review: PhotoStatus,
  ): Promise<Photo> {
    const { _max } = await tx.photo.aggregate({
      where: { projectId, status: UploadStatus.stored, review: 'accepted' },
      _max: { displayOrder: true },
    });
    const now = new Date();
    return tx.photo.update({
      where: { id },
      data: {
        ...stored,
        status: UploadStatus.stored,
        storedAt: now,
        review,
        displayOrder: (_max.displayOrder ?? -1) + 1,
        updatedAt: now,
      },
    });
  }

  /** Until commit, the places in a project's order are this transaction's to give. */
  async lockPlaces(tx: MediaTransaction, projectId: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`media.photos:${projectId}`}, 0))`;
  }

  async markRejected(tx: MediaTransaction, id: string, rejection: string): Promise<void> {
    await tx.photo.update({ where: { id }, data: { status: UploadStatus.rejected, rejection } });
  }

  /**
   * The photo's image becomes another one (an applied edit's result) whose thumbnails exist already;
   * its video derivative is made again.
   */
  async replaceImage(
    tx: MediaTransaction,
    id: string,
    image: {
      storagePath: string;
      contentType: string;
      size: number | null;
      width: number;
      height: number;
      contentHash: string;
    },
  ): Promise<void> {
    await tx.photo.update({
      where: { id },
      data: { ...image, thumbnailsOf: image.contentHash, videoDerivativeKey: null },
    });
  }

  /** False when the photo is gone (or holds another image) by now. */
  async markThumbnailed(db: Reader, id: string, contentHash: string): Promise<boolean> {
    const { count } = await db.photo.updateMany({
      where: { id, contentHash, status: UploadStatus.stored },
      data: { thumbnailsOf: contentHash },
    });
    return count > 0;
  }

  /** Records where a photo's faces or subject are, for the image it was found in; false when the photo changed or went. */
  async setSubjects(db: Reader, id: string, contentHash: string, subjects: PhotoSubjects): Promise<boolean> {
    const { count } = await db.photo.updateMany({
      where: { id, contentHash, status: UploadStatus.stored },
      data: { subjects, subjectsOf: contentHash },
    });
    return count > 0;
  }

  /** Locks every row of a project until commit, so a job finishing meanwhile waits and then finds them gone. */
  async lockOfProject(tx: MediaTransaction, projectId: string): Promise<void> {
    await tx.$queryRaw`SELECT id FROM media.photos WHERE project_id = ${projectId}::uuid FOR UPDATE`;
  }

  async setVideoDerivative(tx: MediaTransaction, id: string, key: string): Promise<void> {
    await tx.photo.update({ where: { id }, data: { videoDerivativeKey: key } });
  }

  async delete(db: Reader, id: string): Promise<void> {
    await db.photo.deleteMany({ where: { id } });
  }

  /**
   * The rows of a deleted project go, except open uploads: their presigned PUT may still land, so
   * they are kept (as project-deleted) until `putDeadline`, when the sweeper removes what arrived.
   */
  async deleteOfProject(db: Reader, projectId: string, putDeadline: Date): Promise<void> {
    await db.photo.updateMany({
      where: { projectId, status: UploadStatus.awaitingUpload },
      data: { status: UploadStatus.projectDeleted, uploadExpiresAt: putDeadline },
    });
    await db.photo.deleteMany({ where: { projectId, status: { not: UploadStatus.projectDeleted } } });
  }

  /**
   * Uploads, whatever their status, whose PUT URLs have all expired (their reservation ended) and
   * whose staging key was not swept since.
   */
  stagingToSweep(db: Reader, now: Date, limit: number): Promise<Photo[]> {
    return db.photo.findMany({
      where: { stagingSweptAt: null, uploadExpiresAt: { lt: now } },
      orderBy: { uploadExpiresAt: 'asc' },
      take: limit,
    });
  }

  async markStagingSwept(tx: MediaTransaction, id: string, at: Date): Promise<void> {
    await tx.photo.update({ where: { id }, data: { stagingSweptAt: at } });
  }

  /** Its photo was deleted while a PUT URL of it could still be used: kept for the sweep, as gone. */
  async markGone(tx: MediaTransaction, id: string): Promise<void> {
    await tx.photo.update({ where: { id }, data: { status: UploadStatus.projectDeleted } });
  }
}
