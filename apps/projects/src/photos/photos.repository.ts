import type { Photo, PhotoExport } from '@memoreel/contracts';
import {
  PHOTO_STATUSES,
  type PhotoCaption,
  type PhotoFilter,
  PhotoFilterSchema,
  type PhotoStatus,
  type PhotoTransforms,
  parseCaption,
  parseTransforms,
} from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import type { ProjectsDatabase, ProjectsTransaction } from '../database/projects-database.js';
import type { Photo as PhotoRow } from '../generated/prisma/client.js';
import { Prisma } from '../generated/prisma/client.js';

/** The `processed_events` consumer under which a photo deleted in media before it was added here is kept. */
const DELETED_IN_MEDIA = 'photo-deleted-in-media-first';

type Reader = ProjectsTransaction | ProjectsDatabase;

/** Every read goes through here: a stored filter or transforms value that is malformed reads as the default. */
const toPhoto = (row: PhotoRow): Photo => ({
  id: row.id,
  projectId: row.projectId,
  userId: row.userId,
  storagePath: row.storagePath,
  originalName: row.originalName,
  displayOrder: row.displayOrder,
  status: (PHOTO_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as PhotoStatus)
    : 'pending',
  submittedBy: row.submittedBy,
  filter: PhotoFilterSchema.safeParse(row.filter).data ?? 'none',
  transforms: parseTransforms(row.transforms),
  caption: parseCaption(row.caption),
  width: row.width,
  height: row.height,
  createdAt: row.createdAt.toISOString(),
});

const inDisplayOrder = [
  { displayOrder: 'asc' as const },
  { createdAt: 'asc' as const },
  { id: 'asc' as const },
];

/** The photos table and the upload reservations that hold quota for photos on their way in. */
@Injectable()
export class PhotosRepository {
  async listAccepted(db: Reader, projectId: string, ids?: readonly string[]): Promise<Photo[]> {
    const rows = await db.photo.findMany({
      where: { projectId, status: 'accepted', ...(ids ? { id: { in: [...ids] } } : {}) },
      orderBy: inDisplayOrder,
    });
    return rows.map(toPhoto);
  }

  /** The first photos of each project (for the dashboard cards) and every project's photo count. */
  async cardsOf(
    db: Reader,
    projectIds: readonly string[],
    perProject: number,
  ): Promise<Map<string, { ids: string[]; count: number }>> {
    const cards = new Map<string, { ids: string[]; count: number }>();
    if (projectIds.length === 0) return cards;
    const rows = await db.$queryRaw<{ project_id: string; ids: string[]; count: bigint }[]>`
      SELECT project_id::text,
             (array_agg(id::text ORDER BY display_order, created_at, id))[1:${perProject}] AS ids,
             count(*) AS count
        FROM projects.photos
       WHERE project_id = ANY(${[...projectIds]}::uuid[]) AND status = 'accepted'
       GROUP BY project_id`;
    for (const row of rows) cards.set(row.project_id, { ids: row.ids, count: Number(row.count) });
    return cards;
  }

  /** A page of every photo row in id order, as media takes them over (decision 0030). */
  async pageForExport(db: Reader, after: string | null, limit: number): Promise<PhotoExport[]> {
    const rows = await db.photo.findMany({
      where: after ? { id: { gt: after } } : {},
      orderBy: { id: 'asc' },
      take: limit,
    });
    return rows.map((row) => {
      const { id, projectId, displayOrder, status, submittedBy, filter, transforms, caption } = toPhoto(row);
      const updatedAt = row.updatedAt.toISOString();
      return { id, projectId, displayOrder, status, submittedBy, filter, transforms, caption, updatedAt };
    });
  }

  async getById(db: Reader, id: string): Promise<Photo | null> {
    const row = await db.photo.findUnique({ where: { id } });
    return row ? toPhoto(row) : null;
  }

  exists(db: Reader, id: string): Promise<boolean> {
    return db.photo.count({ where: { id } }).then((n) => n > 0);
  }

  /**
   * Drops the copies of photos media deleted; one projects has no copy of yet (its media.photo.stored
   * still on the way) is remembered, so the copy is never added: kept with the processed event ids, as
   * long as they are. Resolves with how many copies it dropped.
   */
  async dropDeletedInMedia(
    tx: ProjectsTransaction,
    projectId: string,
    ids: readonly string[],
  ): Promise<number> {
    const dropped = new Set((await this.deleteMany(tx, projectId, ids)).map((photo) => photo.id));
    const missing = ids.filter((id) => !dropped.has(id));
    if (missing.length > 0) {
      await tx.processedEvent.createMany({
        data: missing.map((eventId) => ({ consumer: DELETED_IN_MEDIA, eventId })),
        skipDuplicates: true,
      });
    }
    return dropped.size;
  }

  wasDeletedInMedia(db: Reader, id: string): Promise<boolean> {
    return db.processedEvent.count({ where: { consumer: DELETED_IN_MEDIA, eventId: id } }).then((n) => n > 0);
  }

  /** Photos of the project (any status) plus reservations not yet expired: what the plan's limit caps. */
  async usedQuota(db: Reader, projectId: string, now: Date): Promise<number> {
    // One statement, one snapshot: counted apart, a photo added meanwhile (its reservation released in
    // the same commit) could be missed by both counts.
    const [row] = await db.$queryRaw<{ used: number }[]>`
      SELECT (SELECT count(*) FROM projects.photos WHERE project_id = ${projectId}::uuid)::int
           + (SELECT count(*) FROM projects.photo_upload_reservations
               WHERE project_id = ${projectId}::uuid AND expires_at > ${now})::int AS used`;
    return row?.used ?? 0;
  }

  /** After the last accepted photo: pending ones take their place in the order only when accepted. */
  async nextDisplayOrder(tx: ProjectsTransaction, projectId: string): Promise<number> {
    const { _max } = await tx.photo.aggregate({
      where: { projectId, status: 'accepted' },
      _max: { displayOrder: true },
    });
    return (_max.displayOrder ?? -1) + 1;
  }

  async insert(
    tx: ProjectsTransaction,
    photo: {
      id: string;
      userId: string;
      projectId: string;
      storagePath: string;
      originalName: string;
      displayOrder: number;
      status: PhotoStatus;
      submittedBy: string | null;
      width: number;
      height: number;
      transforms: PhotoTransforms;
    },
  ): Promise<Photo> {
    return toPhoto(await tx.photo.create({ data: photo }));
  }

  async update(
    tx: ProjectsTransaction,
    id: string,
    changes: { filter?: PhotoFilter; transforms?: PhotoTransforms; caption?: PhotoCaption | null },
  ): Promise<Photo> {
    const { caption, ...rest } = changes;
    const data =
      caption === undefined ? rest : { ...rest, caption: caption === null ? Prisma.DbNull : caption };
    return toPhoto(await tx.photo.update({ where: { id }, data }));
  }

  async deleteMany(tx: ProjectsTransaction, projectId: string, ids: readonly string[]): Promise<Photo[]> {
    const rows = await tx.photo.findMany({ where: { projectId, id: { in: [...ids] } } });
    await tx.photo.deleteMany({ where: { projectId, id: { in: rows.map((row) => row.id) } } });
    return rows.map(toPhoto);
  }

  /** Writes display_order 0..n-1 in the given order in one statement. */
  async renumber(tx: ProjectsTransaction, orderedIds: readonly string[]): Promise<void> {
    if (orderedIds.length === 0) return;
    await tx.$executeRaw`
      UPDATE projects.photos AS p
         SET display_order = o.position - 1, updated_at = now()
        FROM unnest(${[...orderedIds]}::uuid[]) WITH ORDINALITY AS o(id, position)
       WHERE p.id = o.id AND p.display_order <> o.position - 1`;
  }

  async reserve(
    tx: ProjectsTransaction,
    reservations: { id: string; projectId: string; userId: string; expiresAt: Date; linkId?: string }[],
  ): Promise<void> {
    await tx.photoUploadReservation.createMany({ data: reservations });
  }

  async release(tx: ProjectsTransaction, id: string): Promise<void> {
    await tx.photoUploadReservation.deleteMany({ where: { id } });
  }

  /** What a friend link holds (it was deactivated): the quota is the owner's again. */
  async releaseOfLink(tx: ProjectsTransaction, linkId: string): Promise<number> {
    const { count } = await tx.photoUploadReservation.deleteMany({ where: { linkId } });
    return count;
  }

  async releaseExpired(tx: ProjectsTransaction, projectId: string, now: Date): Promise<void> {
    await tx.photoUploadReservation.deleteMany({ where: { projectId, expiresAt: { lte: now } } });
  }
}
