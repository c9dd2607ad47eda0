import type { DataOf, photoEditFinished } from '@memoreel/contracts';
import { type PhotoEditKind, photoEditFailure } from '@memoreel/domain';
import { LOGGER, type Logger } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MediaDatabase } from '../database/media-database.js';
import { PhotoEditLive } from './photo-edit-live.js';
import { PhotoEditResults } from './photo-edit-results.js';
import { PhotoEditsRepository } from './photo-edits.repository.js';

/** Whether an edit still runs (its worker's reports count only then). */
const isRunning = (edit: { status: string } | null | undefined) =>
  edit?.status === 'queued' || edit?.status === 'working';

/**
 * The photo-edit worker's reports: progress, a stored result, a failure. Each is idempotent, so a
 * redelivered report changes nothing; the owner's browser hears of every change.
 */
@Injectable()
export class PhotoEditReportsService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly edits: PhotoEditsRepository,
    private readonly results: PhotoEditResults,
    private readonly live: PhotoEditLive,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The worker says how far it is: the edit is working, its progress only grows. */
  async recordProgress(editId: string, progress: number): Promise<void> {
    if (!(await this.edits.progressed(this.database, editId, progress, new Date()))) return;
    await this.live.push(editId);
  }

  /**
   * The worker stored the result: its thumbnails are made (named by its hash, under the photo's
   * folder, as the photo's own will be once applied) and the edit is ready. A result that arrives
   * for an edit discarded meanwhile is deleted at once; a repeated report changes nothing.
   */
  async recordFinished(report: DataOf<typeof photoEditFinished>): Promise<void> {
    const edit = await this.edits.getById(this.database, report.editId);
    // Deleted with its photo, project or account while it ran: the PNG written since goes too.
    if (!edit) return this.results.deleteOrphan(report);
    if (!isRunning(edit)) {
      if (edit.status === 'discarded' || edit.status === 'failed') await this.results.deleteResult(edit);
      return;
    }
    await this.results.makeThumbnails(edit, report.contentHash);
    const ready = await this.database.$transaction(async (tx) => {
      const current = await this.edits.lockById(tx, edit.id);
      if (!current || !isRunning(current)) return false;
      await this.edits.update(tx, edit.id, {
        status: 'ready',
        progress: 1,
        startedAt: current.startedAt ?? new Date(),
        finishedAt: new Date(),
        resultWidth: report.width,
        resultHeight: report.height,
        resultBytes: report.bytes,
        resultHash: report.contentHash,
      });
      return true;
    });
    if (!ready) {
      await this.results.deleteResult({ ...edit, resultHash: report.contentHash });
      return;
    }
    this.logger.info({ editId: edit.id, inferenceMs: report.inferenceMs }, 'photo edit ready');
    await this.live.push(edit.id);
    await this.live.startNext(edit.userId);
  }

  /** The worker gave up: the edit fails with the spec's error string for its kind. */
  async recordFailed(editId: string, reason: string): Promise<void> {
    const failed = await this.database.$transaction(async (tx) => {
      const edit = await this.edits.lockById(tx, editId);
      if (!edit || !isRunning(edit)) return undefined;
      return this.edits.update(tx, editId, {
        status: 'failed',
        error: photoEditFailure(edit.kind as PhotoEditKind, reason),
        finishedAt: new Date(),
      });
    });
    if (!failed) return;
    // The worker may have stored the PNG before failing to report it.
    await this.results.deletePng(failed);
    await this.live.push(editId);
    await this.live.startNext(failed.userId);
  }
}
