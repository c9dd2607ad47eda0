import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type Actor,
  type applyPhotoEdit,
  type DataOf,
  getProject,
  makePhotoVideoDerivative,
  type PhotoEdit as PhotoEditView,
  photoEditChanged,
  type photoEditFinished,
  photoReplaced,
  type ReplyOf,
  SYSTEM,
} from '@memoreel/contracts';
import {
  PHOTO_EDIT_RESULT_TTL_SECONDS,
  type PhotoEditKind,
  photoEditAllowed,
  photoEditErrorCodes,
  photoEditFailure,
  photoEditLevelFor,
  photoEditMessages,
  photoMessages,
  projectMessages,
  tierOf,
} from '@memoreel/domain';
import {
  BusClient,
  buildEvent,
  ConflictError,
  DomainError,
  ForbiddenError,
  LOGGER,
  type Logger,
  NotFoundError,
  RemoteError,
  recordEvent,
  UnauthorizedError,
} from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { MediaDatabase } from '../database/media-database.js';
import type { PhotoEdit } from '../generated/prisma/client.js';
import { BlobStatus, BlobsRepository } from '../photos/blobs.repository.js';
import { makeThumbnails, THUMBNAIL_NAMES, thumbnailKey } from '../photos/thumbnails.js';
import { PHOTOS_BUCKET, PhotoStorage } from '../storage/photo-storage.js';
import { PhotoEditQueue } from './photo-edit-queue.js';
import { PhotoEditsRepository } from './photo-edits.repository.js';

/** Signed result URLs live an hour, like photo URLs. */
const RESULT_URL_SECONDS = 3600;
/** A result PNG of a 4096-px photo with alpha can pass 30 MB. */
const MAX_RESULT_BYTES = 120 * 1024 * 1024;

/** The worker's report names the key: only `{projectId}/{editId}.png` is ever deleted for it. */
const isResultKeyOf = (editId: string, key: string) =>
  new RegExp(`^[0-9a-f-]{36}/${editId}\\.png$`).test(key);

function signedInUserId(actor: Actor): string {
  if (!actor.userId || (actor.role !== 'user' && actor.role !== 'admin')) {
    throw new UnauthorizedError(projectMessages.authenticationRequired);
  }
  return actor.userId;
}

async function readAll(stream: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new Error(`The object is larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * AI photo edits (decision 0017): queued here as jobs for the photo-edit worker, their results
 * kept as `{projectId}/{editId}.png` (with thumbnails) until the owner applies (the photo becomes
 * the result, its old objects go) or discards them (the result goes); unsettled ones are swept.
 */
@Injectable()
export class PhotoEditsService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly edits: PhotoEditsRepository,
    private readonly blobs: BlobsRepository,
    private readonly photoStorage: PhotoStorage,
    private readonly bus: BusClient,
    private readonly queue: PhotoEditQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private get storage() {
    return this.photoStorage.storage;
  }

  async start(actor: Actor, photoId: string, kind: PhotoEditKind): Promise<PhotoEditView> {
    const userId = signedInUserId(actor);
    const [blob] = await this.blobs.storedOfUser(this.database, userId, [photoId]);
    if (!blob) throw new NotFoundError(photoMessages.photoNotFound);
    const project = await this.bus.request(getProject, actor, { id: blob.projectId }).catch((error) => {
      throw error instanceof RemoteError ? new DomainError(error.code, error.message, error.details) : error;
    });
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
      projectId: blob.projectId,
      userId,
      kind,
      level,
      sourceKey: blob.storagePath,
      resultKey: `${blob.projectId}/${id}.png`,
    });
    this.logger.info({ editId: id, photoId, kind, level }, 'photo edit queued');
    return this.view(edit);
  }

  async get(actor: Actor, id: string): Promise<PhotoEditView> {
    const edit = await this.edits.oneOfUser(this.database, signedInUserId(actor), id);
    if (!edit) throw new NotFoundError(photoEditMessages.editNotFound);
    return this.view(edit);
  }

  /** The worker's question before and between phases: runs only an edit still wanted (PhotoEditQueue.wanted). */
  async wanted(actor: Actor, editId: string): Promise<boolean> {
    if (actor.role !== 'system') throw new ForbiddenError(projectMessages.unauthorized);
    const { wanted, userId, superseded } = await this.queue.wanted(editId);
    if (superseded) await this.push(superseded.id);
    // An unwanted job the worker now drops frees its user's place in the pipeline.
    if (!wanted && userId) await this.startNext(userId);
    return wanted;
  }

  /** The worker says how far it is: the edit is working, its progress only grows. */
  async recordProgress(editId: string, progress: number): Promise<void> {
    if (!(await this.edits.progressed(this.database, editId, progress, new Date()))) return;
    await this.push(editId);
  }

  /**
   * The worker stored the result: its thumbnails are made (named by its hash, under the photo's
   * folder, as the photo's own will be once applied) and the edit is ready. A result that arrives
   * for an edit discarded meanwhile is deleted at once; a repeated report changes nothing.
   */
  async recordFinished(report: DataOf<typeof photoEditFinished>): Promise<void> {
    const edit = await this.edits.getById(this.database, report.editId);
    if (!edit) {
      // Deleted with its photo, project or account while it ran: the PNG written since goes too.
      if (isResultKeyOf(report.editId, report.resultKey))
        await this.storage.delete(PHOTOS_BUCKET, report.resultKey);
      return;
    }
    if (edit.status !== 'queued' && edit.status !== 'working') {
      if (edit.status === 'discarded' || edit.status === 'failed') await this.deleteResult(edit);
      return;
    }
    const png = await readAll(await this.storage.get(PHOTOS_BUCKET, edit.resultKey), MAX_RESULT_BYTES);
    const thumbnails = await makeThumbnails(png);
    const photo = { id: edit.photoId, projectId: edit.projectId, contentHash: report.contentHash };
    for (const size of THUMBNAIL_NAMES) {
      await this.storage.put(PHOTOS_BUCKET, thumbnailKey(photo, size), thumbnails[size], {
        contentType: 'image/webp',
      });
    }
    const ready = await this.database.$transaction(async (tx) => {
      const current = await this.edits.lockById(tx, edit.id);
      if (current?.status !== 'queued' && current?.status !== 'working') return false;
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
      await this.deleteResult({ ...edit, resultHash: report.contentHash });
      return;
    }
    this.logger.info({ editId: edit.id, inferenceMs: report.inferenceMs }, 'photo edit ready');
    await this.push(edit.id);
    await this.startNext(edit.userId);
  }

  /** The worker gave up: the edit fails with the spec's error string for its kind. */
  async recordFailed(editId: string, reason: string): Promise<void> {
    const failed = await this.database.$transaction(async (tx) => {
      const edit = await this.edits.lockById(tx, editId);
      if (edit?.status !== 'queued' && edit?.status !== 'working') return undefined;
      return this.edits.update(tx, editId, {
        status: 'failed',
        error: photoEditFailure(edit.kind as PhotoEditKind, reason),
        finishedAt: new Date(),
      });
    });
    if (!failed) return;
    // The worker may have stored the PNG before failing to report it.
    await this.storage.delete(PHOTOS_BUCKET, failed.resultKey);
    await this.push(editId);
    await this.startNext(failed.userId);
  }

  /**
   * The photo becomes the result: its blob names the PNG (thumbnails already made), the old object,
   * thumbnails and video derivative are deleted, a new derivative is made (so the project's render
   * version changes), and projects hears of it through the outbox.
   */
  async apply(actor: Actor, id: string): Promise<ReplyOf<typeof applyPhotoEdit>> {
    const userId = signedInUserId(actor);
    const outcome = await this.database.$transaction(async (tx) => {
      const edit = await this.edits.lockById(tx, id);
      if (!edit || edit.userId !== userId) throw new NotFoundError(photoEditMessages.editNotFound);
      const blob = await this.blobs.lockById(tx, edit.photoId);
      if (!blob || blob.status !== BlobStatus.stored) throw new NotFoundError(photoMessages.photoNotFound);
      const answer = {
        photoId: blob.id,
        projectId: blob.projectId,
        storagePath: edit.resultKey,
        width: edit.resultWidth ?? blob.width ?? 1,
        height: edit.resultHeight ?? blob.height ?? 1,
      };
      if (edit.status === 'applied') return { answer, replaced: undefined };
      if (edit.status !== 'ready' || !edit.resultHash || !edit.resultWidth || !edit.resultHeight) {
        throw new ConflictError(photoEditMessages.notReady);
      }
      const replaced = {
        storagePath: blob.storagePath,
        contentHash: blob.contentHash,
        derivative: blob.videoDerivativeKey,
      };
      await tx.blob.update({
        where: { id: blob.id },
        data: {
          storagePath: edit.resultKey,
          contentType: 'image/png',
          size: edit.resultBytes,
          width: edit.resultWidth,
          height: edit.resultHeight,
          contentHash: edit.resultHash,
          thumbnailsOf: edit.resultHash,
          videoDerivativeKey: null,
        },
      });
      await this.edits.update(tx, id, { status: 'applied', settledAt: new Date() });
      await recordEvent(
        tx,
        'media',
        buildEvent(photoReplaced, actor, {
          id: blob.id,
          projectId: blob.projectId,
          userId,
          storagePath: edit.resultKey,
          contentType: 'image/png',
          width: edit.resultWidth,
          height: edit.resultHeight,
        }),
      );
      return { answer, replaced };
    });
    const { answer, replaced } = outcome;
    if (replaced) {
      const photo = { id: answer.photoId, projectId: answer.projectId };
      if (replaced.storagePath !== answer.storagePath)
        await this.storage.delete(PHOTOS_BUCKET, replaced.storagePath);
      if (replaced.contentHash) {
        for (const size of THUMBNAIL_NAMES) {
          await this.storage.delete(
            PHOTOS_BUCKET,
            thumbnailKey({ ...photo, contentHash: replaced.contentHash }, size),
          );
        }
      }
      if (replaced.derivative) await this.storage.delete(PHOTOS_BUCKET, replaced.derivative);
      await this.bus.enqueueJob(
        makePhotoVideoDerivative,
        SYSTEM,
        { id: answer.photoId },
        { id: randomUUID() },
      );
      this.logger.info({ editId: id, photoId: answer.photoId }, 'photo edit applied');
      await this.push(id);
    }
    return answer;
  }

  /** Keep Original: the result goes (or, still running, goes when it arrives). */
  async discard(actor: Actor, id: string): Promise<boolean> {
    const userId = signedInUserId(actor);
    const discarded = await this.database.$transaction(async (tx) => {
      const edit = await this.edits.lockById(tx, id);
      if (!edit || edit.userId !== userId) throw new NotFoundError(photoEditMessages.editNotFound);
      if (edit.status === 'applied') return undefined;
      if (edit.status === 'discarded') return edit;
      return this.edits.update(tx, id, { status: 'discarded', settledAt: new Date() });
    });
    if (!discarded) return false;
    await this.deleteResult(discarded);
    await this.push(id);
    await this.startNext(userId);
    return true;
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
      await this.deleteResult(edit);
      await this.startNext(edit.userId);
      swept += 1;
    }
    return swept;
  }

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
    for (const edit of edits) await this.deleteResult(edit, { ofDeletedPhoto: true });
    await this.edits.deleteMany(
      this.database,
      edits.map((edit) => edit.id),
    );
    if (!('userId' in of))
      for (const userId of new Set(edits.map((e) => e.userId))) await this.startNext(userId);
    return edits.length;
  }

  /** One of the user's edits settled: their next waiting edit goes on the work queue. */
  private async startNext(userId: string): Promise<void> {
    for (const failed of await this.queue.next(userId)) await this.push(failed.id);
  }

  private async deleteResult(
    edit: Pick<PhotoEdit, 'photoId' | 'projectId' | 'resultKey' | 'resultHash'>,
    options: { ofDeletedPhoto?: boolean } = {},
  ) {
    await this.storage.delete(PHOTOS_BUCKET, edit.resultKey);
    if (!edit.resultHash) return;
    // Never the photo's own thumbnails (an edit that changed nothing has the photo's hash) while it stays.
    const blob = options.ofDeletedPhoto ? undefined : await this.blobs.getById(this.database, edit.photoId);
    if (blob?.contentHash === edit.resultHash) return;
    const photo = { id: edit.photoId, projectId: edit.projectId, contentHash: edit.resultHash };
    for (const size of THUMBNAIL_NAMES) await this.storage.delete(PHOTOS_BUCKET, thumbnailKey(photo, size));
  }

  /** Tells the owner's browser (best effort: photoEdit reads the same after a reconnect). */
  private async push(id: string): Promise<void> {
    const edit = await this.edits.getById(this.database, id);
    if (!edit) return;
    await this.bus
      .publishLive(photoEditChanged, await this.view(edit))
      .catch((err: unknown) => this.logger.warn({ err, editId: id }, 'photo edit push failed'));
  }

  private async view(edit: PhotoEdit): Promise<PhotoEditView> {
    const ready = edit.status === 'ready';
    return {
      id: edit.id,
      photoId: edit.photoId,
      projectId: edit.projectId,
      userId: edit.userId,
      kind: edit.kind as PhotoEditKind,
      status: edit.status as PhotoEditView['status'],
      progress: Math.min(1, Math.max(0, edit.progress)),
      startedAt: edit.startedAt?.toISOString() ?? null,
      resultUrl: ready
        ? await this.storage.presignGet(PHOTOS_BUCKET, edit.resultKey, {
            expiresInSeconds: RESULT_URL_SECONDS,
          })
        : null,
      resultWidth: edit.resultWidth,
      resultHeight: edit.resultHeight,
      error: edit.error,
    };
  }
}
