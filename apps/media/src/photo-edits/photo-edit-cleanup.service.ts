import { PHOTO_EDIT_RESULT_TTL_SECONDS } from '@memoreel/domain';
import { Injectable } from '@nestjs/common';
import { MediaDatabase } from '../database/media-database.js';
import { PhotoEditLive } from './photo-edit-live.js';
import { PhotoEditResults } from './photo-edit-results.js';
import { PhotoEditsRepository } from './photo-edits.repository.js';

/** Edits that outlived their use: those of a deleted photo, project or account, and those nobody settled. */
@Injectable()
export class PhotoEditCleanupService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly edits: PhotoEditsRepository,
    private readonly results: PhotoEditResults,
    private readonly live: PhotoEditLive,
  ) {}

  /**
   * Edits go with their photo, project or account: result objects first (a redelivered event finds
   * the rows again if a delete fails), then the rows; a job still queued then finds itself unwanted.
   */
  async deleteEdits(of: { photoId: string } | { projectId: string } | { userId: string }): Promise<number> {
    const edits =
      'photoId' in of
        ? await this.edits.ofPhoto(this.database, of.photoId)
        : 'projectId' in of
          ? await this.edits.ofProject(this.database, of.projectId)
          : await this.edits.ofUser(this.database, of.userId);
    for (const edit of edits) await this.results.deleteResult(edit, { ofDeletedPhoto: true });
    await this.edits.deleteMany(
      this.database,
      edits.map((edit) => edit.id),
    );
    if (!('userId' in of))
      for (const userId of new Set(edits.map((e) => e.userId))) await this.live.startNext(userId);
    return edits.length;
  }

  /** Edits nobody settled within the TTL (a closed tab, a stuck job): discarded, their objects deleted. */
  async sweepUnsettled(now = new Date(), batch = 100): Promise<number> {
    const before = new Date(now.getTime() - PHOTO_EDIT_RESULT_TTL_SECONDS * 1000);
    let swept = 0;
    for (const candidate of await this.edits.unsettled(this.database, before, batch)) {
      const edit = await this.database.$transaction(async (tx) => {
        const current = await this.edits.lockById(tx, candidate.id);
        if (!current || current.status === 'applied' || current.status === 'discarded') return undefined;
        return this.edits.update(tx, current.id, { status: 'discarded', settledAt: now });
      });
      if (!edit) continue;
      await this.results.deleteResult(edit);
      await this.live.startNext(edit.userId);
      swept += 1;
    }
    return swept;
  }
}
