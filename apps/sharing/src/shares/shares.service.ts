import { randomUUID } from 'node:crypto';
import {
  type Actor,
  type PublicSharedVideo,
  type Share,
  type ShareChange,
  shareDeleted,
  shareUpdated,
} from '@memoreel/contracts';
import {
  parseVideoSettings,
  SHARE_VIEW_DEDUPE_WINDOW_MS,
  SHARE_VIEWS_PER_IP_PER_MINUTE,
  type ShareSettings,
  shareMessages,
} from '@memoreel/domain';
import {
  buildEvent,
  ConflictError,
  NotFoundError,
  ownedOrNotFound,
  ProjectsLookup,
  recordEvent,
  requireSignedIn,
} from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { SharingDatabase, type SharingTransaction } from '../database/sharing-database.js';
import { SharedVideoMedia } from './shared-video-media.js';
import { type ShareRow, SharesRepository, toShare } from './shares.repository.js';

const EDITABLE_FIELDS = ['shareTitle', 'author', 'message', 'showViewCount'] as const;

/** The display fields an edit changed, each as it was and as it is. */
function shareChanges(before: ShareRow, after: ShareRow): ShareChange[] {
  const text = (value: string | boolean | null) => (value === null ? null : String(value));
  return EDITABLE_FIELDS.filter((field) => before[field] !== after[field]).map((field) => ({
    field,
    from: text(before[field]),
    to: text(after[field]),
  }));
}

@Injectable()
export class SharesService {
  constructor(
    private readonly database: SharingDatabase,
    private readonly shares: SharesRepository,
    private readonly projects: ProjectsLookup,
    private readonly media: SharedVideoMedia,
  ) {}

  /** The owner's share of a project, or null; the projects service decides who owns it. */
  async getByProject(actor: Actor, projectId: string): Promise<Share | null> {
    requireSignedIn(actor);
    await this.projects.get(actor, projectId);
    const row = await this.shares.getByProject(this.database, projectId);
    return row ? toShare(row) : null;
  }

  async list(actor: Actor): Promise<Share[]> {
    const userId = requireSignedIn(actor);
    return (await this.shares.listByOwner(this.database, userId)).map(toShare);
  }

  /** One share per project: the unique project_id decides between two concurrent creates. */
  async create(actor: Actor, projectId: string, settings: ShareSettings): Promise<Share> {
    requireSignedIn(actor);
    const project = await this.projects.get(actor, projectId);
    const row = await this.shares.insert(this.database, {
      id: randomUUID(),
      projectId,
      userId: project.userId,
      ...settings,
      videoSettings: project.videoSettings,
    });
    if (!row) throw new ConflictError(shareMessages.alreadyShared);
    return toShare(row);
  }

  /**
   * The owner (or an admin) edits the display fields; the player's settings are refreshed from the
   * project as it is now. `sharing.share.updated` names what changed, so auth can log an admin's edit.
   */
  async update(actor: Actor, id: string, settings: ShareSettings): Promise<Share> {
    const share = await this.owned(actor, id);
    const project = await this.projects.get(actor, share.projectId);
    const row = await this.database.$transaction(async (tx) => {
      const updated = await this.shares.update(tx, id, { ...settings, videoSettings: project.videoSettings });
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
    const share = await this.shares.getByProject(tx, projectId);
    if (share) await this.remove(tx, actor, share);
  }

  /** Anyone may read the display fields and what the player needs; nothing that names the owner. */
  async getPublic(id: string): Promise<PublicSharedVideo> {
    const row = await this.shares.getById(this.database, id);
    if (!row) throw new NotFoundError(shareMessages.notFound);
    // Read like every stored video_settings: a field missing from an older share (cutOnBeat) or
    // malformed takes its default, the rest are kept.
    const videoSettings = parseVideoSettings(row.videoSettings);
    const [{ photos, posterUrl, phonePosterUrl }, musicUrls, videoUrl] = await Promise.all([
      this.media.photosOf(row),
      this.media.musicUrlsOf(videoSettings.music.timelineTracks, row.userId),
      this.media.latestVideoUrlOf(row, videoSettings),
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
      await this.shares.lockViewsOfIp(tx, ipKey);
      const viewCount = await this.shares.lockViewCount(tx, id);
      if (viewCount === null) throw new NotFoundError(shareMessages.notFound);
      const seen = await this.shares.viewedSince(
        tx,
        { shareId: id, viewerKey },
        new Date(now.getTime() - SHARE_VIEW_DEDUPE_WINDOW_MS),
      );
      const fromIp = await this.shares.viewsOfIpSince(tx, ipKey, new Date(now.getTime() - 60_000));
      if (seen || fromIp >= SHARE_VIEWS_PER_IP_PER_MINUTE) return { counted: false, viewCount };
      const counted = await this.shares.countView(tx, { shareId: id, viewerKey, ipKey, viewedAt: now });
      return { counted: true, viewCount: counted };
    });
  }

  /** The owner's share; an admin may change anyone's (support). Anyone else is told it does not exist. */
  private async owned(actor: Actor, id: string): Promise<ShareRow> {
    const userId = requireSignedIn(actor);
    const share = await this.shares.getById(this.database, id);
    if (share && actor.role === 'admin') return share;
    return ownedOrNotFound(share, (found) => found.userId, userId, shareMessages.shareNotFound);
  }

  private async remove(tx: SharingTransaction, actor: Actor, share: ShareRow): Promise<void> {
    await this.shares.delete(tx, share.id);
    await recordEvent(
      tx,
      'sharing',
      buildEvent(shareDeleted, actor, { id: share.id, projectId: share.projectId, userId: share.userId }),
    );
  }
}
