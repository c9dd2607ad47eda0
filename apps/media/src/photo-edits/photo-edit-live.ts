import { type PhotoEdit as PhotoEditView, photoEditChanged } from '@memoreel/contracts';
import type { PhotoEditKind } from '@memoreel/domain';
import { BusClient, LOGGER, type Logger } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MediaDatabase } from '../database/media-database.js';
import type { PhotoEdit } from '../generated/prisma/client.js';
import { PhotoEditQueue } from './photo-edit-queue.js';
import { PhotoEditResults } from './photo-edit-results.js';
import { PhotoEditsRepository } from './photo-edits.repository.js';

/** How the owner sees an edit: as answered, and as pushed live to their browser when it changes. */
@Injectable()
export class PhotoEditLive {
  constructor(
    private readonly database: MediaDatabase,
    private readonly edits: PhotoEditsRepository,
    private readonly results: PhotoEditResults,
    private readonly queue: PhotoEditQueue,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async view(edit: PhotoEdit): Promise<PhotoEditView> {
    return {
      id: edit.id,
      photoId: edit.photoId,
      projectId: edit.projectId,
      userId: edit.userId,
      kind: edit.kind as PhotoEditKind,
      status: edit.status as PhotoEditView['status'],
      progress: Math.min(1, Math.max(0, edit.progress)),
      startedAt: edit.startedAt?.toISOString() ?? null,
      resultUrl: edit.status === 'ready' ? await this.results.resultUrl(edit) : null,
      resultWidth: edit.resultWidth,
      resultHeight: edit.resultHeight,
      error: edit.error,
    };
  }

  /** Tells the owner's browser (best effort: photoEdit reads the same after a reconnect). */
  async push(id: string): Promise<void> {
    const edit = await this.edits.getById(this.database, id);
    if (!edit) return;
    await this.bus
      .publishLive(photoEditChanged, await this.view(edit))
      .catch((err: unknown) => this.logger.warn({ err, editId: id }, 'photo edit push failed'));
  }

  /** One of the user's edits settled: their next waiting edit goes on the work queue (one that cannot, fails and is told). */
  async startNext(userId: string): Promise<void> {
    for (const failed of await this.queue.next(userId)) await this.push(failed.id);
  }
}
