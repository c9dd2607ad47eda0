import { runPhotoEdit, SYSTEM } from '@memoreel/contracts';
import {
  AI_EDITING_LEVELS,
  type AiEditingLevel,
  MAX_UNFINISHED_PHOTO_EDITS,
  PHOTO_EDIT_RESULT_TTL_SECONDS,
  type PhotoEditKind,
  photoEditErrorCodes,
  photoEditFailure,
  photoEditMessages,
} from '@memoreel/domain';
import { BusClient, DomainError, LOGGER, type Logger } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MediaDatabase, type MediaTransaction } from '../database/media-database.js';
import type { PhotoEdit } from '../generated/prisma/client.js';
import { PhotosRepository, UploadStatus } from '../photos/photos.repository.js';
import { PhotoEditsRepository } from './photo-edits.repository.js';

const levelOf = (stored: string): AiEditingLevel =>
  (AI_EDITING_LEVELS as readonly string[]).includes(stored) ? (stored as AiEditingLevel) : 'advanced';

/** A job no worker asked about for this long is taken as lost (the sweeper settles its edit too). */
const LOST_JOB_MS = PHOTO_EDIT_RESULT_TTL_SECONDS * 1000;

/**
 * Who runs next: each user has at most MAX_UNFINISHED_PHOTO_EDITS edits unfinished or with a job
 * still on the work queue, and one job at a time in the pipeline (on the queue or running); their
 * next edit goes on when it settles and a worker has taken its job. So the shared queue holds one
 * job per user and takes users in turn: a burst delays another user's first edit by one job, and
 * a start → discard loop leaves one job behind, not one per start.
 */
@Injectable()
export class PhotoEditQueue {
  constructor(
    private readonly database: MediaDatabase,
    private readonly edits: PhotoEditsRepository,
    private readonly photos: PhotosRepository,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Records a new edit, refused while the user has too many unfinished or queued; it goes on the
   * work queue now when none of theirs is in the pipeline. Answers the row, or a refusal.
   */
  async admit(edit: {
    id: string;
    photoId: string;
    projectId: string;
    userId: string;
    kind: PhotoEditKind;
    /** The plan's AI editing level: kept with the edit, so a job queued later runs at it too. */
    level: AiEditingLevel;
    sourceKey: string;
    resultKey: string;
  }): Promise<PhotoEdit> {
    const row = await this.database.$transaction(async (tx) => {
      await this.edits.lockUser(tx, edit.userId);
      const now = new Date();
      const unfinished = await this.edits.unfinishedOfUser(tx, edit.userId);
      if (unfinished.some((other) => other.photoId === edit.photoId)) {
        throw new DomainError(photoEditErrorCodes.inProgress, photoEditMessages.inProgress);
      }
      const pipeline = await this.pipelineOf(tx, edit.userId, now);
      const counted = new Set([...unfinished, ...pipeline].map((other) => other.id));
      if (counted.size >= MAX_UNFINISHED_PHOTO_EDITS) {
        throw new DomainError(photoEditErrorCodes.queueFull, photoEditMessages.queueFull);
      }
      try {
        return await this.edits.insert(tx, { ...edit, enqueuedAt: pipeline.length === 0 ? now : null });
      } catch (error) {
        if ((error as { code?: string }).code === 'P2002') {
          throw new DomainError(photoEditErrorCodes.inProgress, photoEditMessages.inProgress);
        }
        throw error;
      }
    });
    if (row.enqueuedAt && !(await this.send(row))) {
      throw new Error(`Photo edit ${row.id} could not be queued`);
    }
    return row;
  }

  /**
   * After one of the user's edits settled, went, or had its job taken: their oldest waiting edit goes
   * on the work queue when nothing of theirs is in the pipeline. Answers the edits that failed
   * because they could not be queued (for their owner to hear).
   */
  async next(userId: string): Promise<PhotoEdit[]> {
    const failed: PhotoEdit[] = [];
    for (;;) {
      const next = await this.database.$transaction(async (tx) => {
        await this.edits.lockUser(tx, userId);
        if ((await this.pipelineOf(tx, userId, new Date())).length > 0) return undefined;
        const waiting = (await this.edits.unfinishedOfUser(tx, userId)).find((edit) => !edit.enqueuedAt);
        return waiting && this.edits.update(tx, waiting.id, { enqueuedAt: new Date() });
      });
      if (!next) return failed;
      if (await this.send(next)) return failed;
      failed.push(next);
    }
  }

  /**
   * The worker's question before and between phases: an edit runs only while it is unfinished and
   * its photo is still the image it was asked for (an edit applied meanwhile supersedes it, and
   * the superseded one is discarded here, making room for the user's next).
   */
  async wanted(editId: string): Promise<{ wanted: boolean; userId?: string; superseded?: PhotoEdit }> {
    // Asked about, its job has left the queue: the user's next may go on once this one settles.
    await this.edits.markTaken(this.database, editId, new Date());
    const edit = await this.edits.getById(this.database, editId);
    if (!edit) return { wanted: false };
    const { userId } = edit;
    if (edit.status !== 'queued' && edit.status !== 'working') return { wanted: false, userId };
    const photo = await this.photos.getById(this.database, edit.photoId);
    if (photo?.status === UploadStatus.stored && photo.storagePath === edit.sourceKey) {
      return { wanted: true, userId };
    }
    const superseded = await this.database.$transaction(async (tx) => {
      const current = await this.edits.lockById(tx, editId);
      if (current?.status !== 'queued' && current?.status !== 'working') return undefined;
      return this.edits.update(tx, editId, { status: 'discarded', settledAt: new Date() });
    });
    return { wanted: false, userId, ...(superseded ? { superseded } : {}) };
  }

  private pipelineOf(tx: MediaTransaction, userId: string, now: Date): Promise<PhotoEdit[]> {
    return this.edits.inPipelineOfUser(tx, userId, new Date(now.getTime() - LOST_JOB_MS));
  }

  /** Puts the edit's job on the work queue; one that cannot go fails (the photo is not left blocked). */
  private async send(edit: PhotoEdit): Promise<boolean> {
    try {
      await this.bus.enqueueJob(
        runPhotoEdit,
        SYSTEM,
        {
          editId: edit.id,
          photoId: edit.photoId,
          projectId: edit.projectId,
          kind: edit.kind as PhotoEditKind,
          sourceKey: edit.sourceKey,
          resultKey: edit.resultKey,
          level: levelOf(edit.level),
        },
        { id: edit.id },
      );
      return true;
    } catch (error) {
      this.logger.warn({ err: error, editId: edit.id }, 'photo edit not queued');
      await this.database.$transaction((tx) =>
        this.edits.update(tx, edit.id, {
          status: 'failed',
          error: photoEditFailure(edit.kind as PhotoEditKind, 'not queued'),
          finishedAt: new Date(),
        }),
      );
      return false;
    }
  }
}
