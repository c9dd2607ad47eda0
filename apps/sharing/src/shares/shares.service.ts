import { randomUUID } from 'node:crypto';
import {
  type Actor,
  type PublicSharedVideo,
  type Share,
  type ShareChange,
  shareDeleted,
  shareUpdated,
  VideoSettingsSchema,
} from '@memoreel/contracts';
import {
  defaultVideoSettings,
  projectMessages,
  SHARE_VIEW_DEDUPE_WINDOW_MS,
  SHARE_VIEWS_PER_IP_PER_MINUTE,
  type ShareSettings,
  shareMessages,
} from '@memoreel/domain';
import {
  buildEvent,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  recordEvent,
  UnauthorizedError,
} from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { SharingDatabase, type SharingTransaction } from '../database/sharing-database.js';
import type { SharedVideo } from '../generated/prisma/client.js';
import { ProjectsLookup } from './projects-lookup.js';
import { SharedVideoMedia } from './shared-video-media.js';

function signedInUserId(actor: Actor): string {
  if (!actor.userId || (actor.role !== 'user' && actor.role !== 'admin')) {
    throw new UnauthorizedError(projectMessages.authenticationRequired);
  }
  return actor.userId;
}

const EDITABLE_FIELDS = ['shareTitle', 'author', 'message', 'showViewCount'] as const;

/** The display fields an edit changed, each as it was and as it is. */
function shareChanges(before: SharedVideo, after: SharedVideo): ShareChange[] {
  const text = (value: string | boolean | null) => (value === null ? null : String(value));
  return EDITABLE_FIELDS.filter((field) => before[field] !== after[field]).map((field) => ({
    field,
    from: text(before[field]),
    to: text(after[field]),
  }));
}

function toShare(row: SharedVideo): Share {
  return {
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
  };
}

@Injectable()
export class SharesService {
  constructor(
    private readonly database: SharingDatabase,
    private readonly projects: ProjectsLookup,
    private readonly media: SharedVideoMedia,
  ) {}

  /** The owner's share of a project, or null; the projects service decides who owns it. */
  async getByProject(actor: Actor, projectId: string): Promise<Share | null> {
    signedInUserId(actor);
    await this.projects.get(actor, projectId);
    const row = await this.database.sharedVideo.findUnique({ where: { projectId } });
    return row ? toShare(row) : null;
  }

  async list(actor: Actor): Promise<Share[]> {
    const userId = signedInUserId(actor);
    const rows = await this.database.sharedVideo.findMany({
      where: { userId },
      orderBy: { createdAt: 'desc' },
    });
    return rows.map(toShare);
  }

  /** One share per project: the unique project_id decides between two concurrent creates. */
  async create(actor: Actor, projectId: string, settings: ShareSettings): Promise<Share> {
    signedInUserId(actor);
    const project = await this.projects.get(actor, projectId);
    try {
      const row = await this.database.sharedVideo.create({
        data: {
          id: randomUUID(),
          projectId,
          userId: project.userId,
          shareTitle: settings.shareTitle,
          author: settings.author,
          message: settings.message,
          showViewCount: settings.showViewCount,
          videoSettings: project.videoSettings,
        },
      });
      return toShare(row);
    } catch (error) {
      if ((error as { code?: string }).code === 'P2002') throw new ConflictError(shareMessages.alreadyShared);
      throw error;
    }
  }

  /**
   * The owner (or an admin) edits the display fields; the player's settings are refreshed from the
   * project as it is now. `sharing.share.updated` names what changed, so auth can log an admin's edit.
   */
  async update(actor: Actor, id: string, settings: ShareSettings): Promise<Share> {
    const share = await this.owned(actor, id);
    const project = await this.projects.get(actor, share.projectId);
    const row = await this.database.$transaction(async (tx) => {
      const updated = await tx.sharedVideo.update({
        where: { id },
        data: {
          shareTitle: settings.shareTitle,
          author: settings.author,
          message: settings.message,
          showViewCount: settings.showViewCount,
          videoSettings: project.videoSettings,
        },
      });
      await recordEvent(
        tx,
        'sharing',
        buildEvent(shareUpdated, actor, {
          id,
          projectId: share.projectId,
          userId: share.userId,
          changes: shareChanges(share, updated),
        }),
      );
      return updated;
    });
    return toShare(row);
  }

  async delete(actor: Actor, id: string): Promise<{ id: string }> {
    const share = await this.owned(actor, id);
    await this.database.$transaction(async (tx) => {
      await this.remove(tx, actor, share);
    });
    return { id };
  }

  /** Project deleted: its share goes too (the consumer runs this once per event). */
  async deleteForProject(tx: SharingTransaction, actor: Actor, projectId: string): Promise<void> {
    const share = await tx.sharedVideo.findUnique({ where: { projectId } });
    if (share) await this.remove(tx, actor, share);
  }

  /** Anyone may read the display fields and what the player needs; nothing that names the owner. */
  async getPublic(id: string): Promise<PublicSharedVideo> {
    const row = await this.database.sharedVideo.findUnique({ where: { id } });
    if (!row) throw new NotFoundError(shareMessages.notFound);
    const parsed = VideoSettingsSchema.safeParse(row.videoSettings);
    const videoSettings = parsed.success ? parsed.data : defaultVideoSettings();
    const [{ photos, posterUrl, phonePosterUrl }, musicUrls, videoUrl] = await Promise.all([
      this.media.photosOf(row),
      this.media.musicUrlsOf(videoSettings.music.timelineTracks, row.userId),
      this.media.latestVideoUrlOf(row),
    ]);
    return {
      id: row.id,
      name: row.name,
      shareTitle: row.shareTitle,
      author: row.author,
      message: row.message,
      showViewCount: row.showViewCount,
      viewCount: row.showViewCount ? row.viewCount : null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      ogImageUrl: row.ogImageUrl,
      videoSettings,
      photos,
      posterUrl,
      phonePosterUrl,
      musicUrls,
      videoUrl,
    };
  }

  /**
   * +1 unless this viewer was counted for this video within the window, or the IP has recorded
   * its quota of views in the last minute.
   */
  async recordView(
    id: string,
    viewerKey: string,
    ipKey: string,
    now = new Date(),
  ): Promise<{ counted: boolean; viewCount: number }> {
    return this.database.$transaction(async (tx) => {
      // The IP's lock makes its quota exact across videos; the row lock, a viewer's dedupe.
      // Raw SQL is not schema-qualified by the adapter.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`sharing.view-ip:${ipKey}`}, 0))`;
      const locked = await tx.$queryRaw<{ view_count: number }[]>`
        SELECT view_count FROM sharing.shared_videos WHERE id = ${id}::uuid FOR UPDATE`;
      const current = locked[0];
      if (!current) throw new NotFoundError(shareMessages.notFound);
      const seen = await tx.shareView.findFirst({
        where: {
          shareId: id,
          viewerKey,
          viewedAt: { gt: new Date(now.getTime() - SHARE_VIEW_DEDUPE_WINDOW_MS) },
        },
        select: { id: true },
      });
      const fromIp = await tx.shareView.count({
        where: { ipKey, viewedAt: { gt: new Date(now.getTime() - 60_000) } },
      });
      if (seen || fromIp >= SHARE_VIEWS_PER_IP_PER_MINUTE) {
        return { counted: false, viewCount: current.view_count };
      }
      await tx.shareView.create({ data: { shareId: id, viewerKey, ipKey, viewedAt: now } });
      const row = await tx.sharedVideo.update({
        where: { id },
        data: { viewCount: { increment: 1 }, lastViewedAt: now },
        select: { viewCount: true },
      });
      return { counted: true, viewCount: row.viewCount };
    });
  }

  private async owned(actor: Actor, id: string): Promise<SharedVideo> {
    const userId = signedInUserId(actor);
    const share = await this.database.sharedVideo.findUnique({ where: { id } });
    if (!share) throw new NotFoundError(shareMessages.shareNotFound);
    if (share.userId !== userId && actor.role !== 'admin')
      throw new ForbiddenError(projectMessages.unauthorized);
    return share;
  }

  private async remove(tx: SharingTransaction, actor: Actor, share: SharedVideo): Promise<void> {
    await tx.sharedVideo.delete({ where: { id: share.id } });
    await recordEvent(
      tx,
      'sharing',
      buildEvent(shareDeleted, actor, { id: share.id, projectId: share.projectId, userId: share.userId }),
    );
  }
}
