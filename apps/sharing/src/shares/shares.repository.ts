import type { Share } from '@memoreel/contracts';
import type { ShareSettings, VideoSettings } from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import type { SharingDatabase, SharingTransaction } from '../database/sharing-database.js';
import type { SharedVideo } from '../generated/prisma/client.js';

type Reader = SharingTransaction | SharingDatabase;

export type ShareRow = SharedVideo;

export const toShare = (row: SharedVideo): Share => ({
  id: row.id,
  projectId: row.projectId,
  userId: row.userId,
  name: row.name,
  shareTitle: row.shareTitle,
  author: row.author,
  message: row.message,
  showViewCount: row.showViewCount,
  viewCount: row.viewCount,
  lastViewedAt: row.lastViewedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  ogImageUrl: row.ogImageUrl,
});

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === 'P2002';

/** The shared_videos table and the views counted on it (share_views). */
@Injectable()
export class SharesRepository {
  getById(db: Reader, id: string): Promise<SharedVideo | null> {
    return db.sharedVideo.findUnique({ where: { id } });
  }

  getByProject(db: Reader, projectId: string): Promise<SharedVideo | null> {
    return db.sharedVideo.findUnique({ where: { projectId } });
  }

  listByOwner(db: Reader, userId: string): Promise<SharedVideo[]> {
    return db.sharedVideo.findMany({ where: { userId }, orderBy: { createdAt: 'desc' } });
  }

  /** Null when the project is shared already: the unique project_id decides between two concurrent creates. */
  async insert(
    db: Reader,
    share: { id: string; projectId: string; userId: string; videoSettings: VideoSettings } & ShareSettings,
  ): Promise<SharedVideo | null> {
    try {
      return await db.sharedVideo.create({
        data: {
          id: share.id,
          projectId: share.projectId,
          userId: share.userId,
          shareTitle: share.shareTitle,
          author: share.author,
          message: share.message,
          showViewCount: share.showViewCount,
          videoSettings: share.videoSettings,
        },
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  update(
    tx: SharingTransaction,
    id: string,
    changes: ShareSettings & { videoSettings: VideoSettings },
  ): Promise<SharedVideo> {
    return tx.sharedVideo.update({
      where: { id },
      data: {
        shareTitle: changes.shareTitle,
        author: changes.author,
        message: changes.message,
        showViewCount: changes.showViewCount,
        videoSettings: changes.videoSettings,
      },
    });
  }

  async delete(tx: SharingTransaction, id: string): Promise<void> {
    await tx.sharedVideo.delete({ where: { id } });
  }

  /**
   * Serialises the views of one IP until commit, so its per-minute quota is exact across videos.
   * Raw SQL is not schema-qualified by the adapter.
   */
  async lockViewsOfIp(tx: SharingTransaction, ipKey: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`sharing.view-ip:${ipKey}`}, 0))`;
  }

  /** Locks the share's row until commit (a viewer's dedupe) and reads its count; null when there is no such share. */
  async lockViewCount(tx: SharingTransaction, id: string): Promise<number | null> {
    const locked = await tx.$queryRaw<{ view_count: number }[]>`
      SELECT view_count FROM sharing.shared_videos WHERE id = ${id}::uuid FOR UPDATE`;
    return locked[0]?.view_count ?? null;
  }

  async viewedSince(
    tx: SharingTransaction,
    view: { shareId: string; viewerKey: string },
    since: Date,
  ): Promise<boolean> {
    const seen = await tx.shareView.findFirst({
      where: { shareId: view.shareId, viewerKey: view.viewerKey, viewedAt: { gt: since } },
      select: { id: true },
    });
    return seen !== null;
  }

  viewsOfIpSince(tx: SharingTransaction, ipKey: string, since: Date): Promise<number> {
    return tx.shareView.count({ where: { ipKey, viewedAt: { gt: since } } });
  }

  /** Records the view and counts it on the share; answers the new count. */
  async countView(
    tx: SharingTransaction,
    view: { shareId: string; viewerKey: string; ipKey: string; viewedAt: Date },
  ): Promise<number> {
    await tx.shareView.create({ data: view });
    const row = await tx.sharedVideo.update({
      where: { id: view.shareId },
      data: { viewCount: { increment: 1 }, lastViewedAt: view.viewedAt },
      select: { viewCount: true },
    });
    return row.viewCount;
  }
}
