import { randomUUID } from 'node:crypto';
import {
  type Actor,
  type applyPhotoEdit,
  findPhotoSubjects,
  getProject,
  makePhotoVideoDerivative,
  type PhotoEdit as PhotoEditView,
  photoReplaced,
  type ReplyOf,
  SYSTEM,
} from '@memoreel/contracts';
import {
  type PhotoEditKind,
  photoEditAllowed,
  photoEditErrorCodes,
  photoEditLevelFor,
  photoEditMessages,
  photoMessages,
  tierOf,
} from '@memoreel/domain';
import {
  BusClient,
  buildEvent,
  ConflictError,
  DomainError,
  LOGGER,
  type Logger,
  NotFoundError,
  ownedOrNotFound,
  passRemoteErrors,
  recordEvent,
  requireSignedIn,
  requireSystem,
} from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MediaDatabase, type MediaTransaction } from '../database/media-database.js';
import type { PhotoEdit } from '../generated/prisma/client.js';
import { PhotosRepository, UploadStatus } from '../photos/photos.repository.js';
import { PhotoEditLive } from './photo-edit-live.js';
import { PhotoEditQueue } from './photo-edit-queue.js';
import { PhotoEditResults } from './photo-edit-results.js';
import { PhotoEditsRepository } from './photo-edits.repository.js';

type Applied = ReplyOf<typeof applyPhotoEdit>;
/** What the photo was before an edit replaced it: deleted once the replacement committed. */
type Replaced = { storagePath: string; contentHash: string | null; derivative: string | null };

/** Another user's edit reads as a missing one. */
const ownEdit = (edit: PhotoEdit | null, userId: string) =>
  ownedOrNotFound(edit, (e) => e.userId, userId, photoEditMessages.editNotFound);

/**
 * AI photo edits as their owner asks for them (decision 0017): started as jobs for the photo-edit
 * worker, read, applied (the photo becomes the result, its old objects go) or discarded (the result
 * goes). The worker's reports are PhotoEditReportsService's; cleanup is PhotoEditCleanupService's.
 */
@Injectable()
export class PhotoEditsService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly edits: PhotoEditsRepository,
    private readonly photos: PhotosRepository,
    private readonly results: PhotoEditResults,
    private readonly live: PhotoEditLive,
    private readonly queue: PhotoEditQueue,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async start(actor: Actor, photoId: string, kind: PhotoEditKind): Promise<PhotoEditView> {
    const userId = requireSignedIn(actor);
    const photo = ownedOrNotFound(
      await this.photos.getStored(this.database, photoId),
      (photo) => photo.userId,
      userId,
      photoMessages.photoNotFound,
    );
    const project = await passRemoteErrors(() =>
      this.bus.request(getProject, actor, { id: photo.projectId }),
    );
    // FREE has no AI editing; the paid plans run at their level (decision 0028).
    const tier = tierOf(project.product);
    const level = photoEditLevelFor(tier);
    if (!level || !photoEditAllowed(tier, kind)) {
      throw new DomainError(photoEditErrorCodes.upgradeRequired, photoEditMessages.upgradeRequired);
    }
    const id = randomUUID();
    const edit = await this.queue.admit({
      id,
      photoId,
      projectId: photo.projectId,
      userId,
      kind,
      level,
      sourceKey: photo.storagePath,
      resultKey: `${photo.projectId}/${id}.png`,
    });
    this.logger.info({ editId: id, photoId, kind, level }, 'photo edit queued');
    return this.live.view(edit);
  }

  async get(actor: Actor, id: string): Promise<PhotoEditView> {
    const edit = ownEdit(await this.edits.getById(this.database, id), requireSignedIn(actor));
    return this.live.view(edit);
  }

  /** The worker's question before and between phases: runs only an edit still wanted (PhotoEditQueue.wanted). */
  async wanted(actor: Actor, editId: string): Promise<boolean> {
    requireSystem(actor);
    const { wanted, userId, superseded } = await this.queue.wanted(editId);
    if (superseded) await this.live.push(superseded.id);
    // An unwanted job the worker now drops frees its user's place in the pipeline.
    if (!wanted && userId) await this.live.startNext(userId);
    return wanted;
  }

  /**
   * The photo becomes the result: its photo names the PNG (thumbnails already made), the old object,
   * thumbnails and video derivative are deleted, a new derivative is made (so the project's render
   * version changes), and media.photo.replaced is recorded through the outbox.
   */
  async apply(actor: Actor, id: string): Promise<Applied> {
    const userId = requireSignedIn(actor);
    const { answer, replaced } = await this.database.$transaction((tx) =>
      this.replacePhoto(tx, actor, userId, id),
    );
    if (!replaced) return answer;
    await this.results.deleteReplaced(
      { id: answer.photoId, projectId: answer.projectId, storagePath: answer.storagePath },
      replaced,
    );
    await this.bus.enqueueJob(makePhotoVideoDerivative, SYSTEM, { id: answer.photoId }, { id: randomUUID() });
    // A new image: where its faces are is found again.
    await this.bus.enqueueJob(findPhotoSubjects, SYSTEM, { id: answer.photoId }, { id: randomUUID() });
    this.logger.info({ editId: id, photoId: answer.photoId }, 'photo edit applied');
    await this.live.push(id);
    return answer;
  }

  /** Keep Original: the result goes (or, still running, goes when it arrives). */
  async discard(actor: Actor, id: string): Promise<boolean> {
    const userId = requireSignedIn(actor);
    const discarded = await this.database.$transaction(async (tx) => {
      const edit = ownEdit(await this.edits.lockById(tx, id), userId);
      if (edit.status === 'applied') return undefined;
      if (edit.status === 'discarded') return edit;
      return this.edits.update(tx, id, { status: 'discarded', settledAt: new Date() });
    });
    if (!discarded) return false;
    await this.results.deleteResult(discarded);
    await this.live.push(id);
    await this.live.startNext(userId);
    return true;
  }

  /**
   * Under the edit's and the photo's row locks: the photo's row names the ready result, the edit is
   * applied, and photoReplaced is recorded. Applying again answers the same and replaces nothing.
   */
  private async replacePhoto(
    tx: MediaTransaction,
    actor: Actor,
    userId: string,
    id: string,
  ): Promise<{ answer: Applied; replaced?: Replaced }> {
    const edit = ownEdit(await this.edits.lockById(tx, id), userId);
    const photo = await this.photos.lockById(tx, edit.photoId);
    if (!photo || photo.status !== UploadStatus.stored) throw new NotFoundError(photoMessages.photoNotFound);
    const answer = {
      photoId: photo.id,
      projectId: photo.projectId,
      storagePath: edit.resultKey,
      width: edit.resultWidth ?? photo.width ?? 1,
      height: edit.resultHeight ?? photo.height ?? 1,
    };
    if (edit.status === 'applied') return { answer };
    const { resultHash, resultWidth: width, resultHeight: height } = edit;
    if (edit.status !== 'ready' || !resultHash || !width || !height) {
      throw new ConflictError(photoEditMessages.notReady);
    }
    const replaced = {
      storagePath: photo.storagePath,
      contentHash: photo.contentHash,
      derivative: photo.videoDerivativeKey,
    };
    const image = { storagePath: edit.resultKey, contentType: 'image/png', width, height };
    await this.photos.replaceImage(tx, photo.id, {
      ...image,
      size: edit.resultBytes,
      contentHash: resultHash,
    });
    await this.edits.update(tx, id, { status: 'applied', settledAt: new Date() });
    await recordEvent(
      tx,
      'media',
      buildEvent(photoReplaced, actor, { ...image, id: photo.id, projectId: photo.projectId, userId }),
    );
    return { answer, replaced };
  }
}
