import {
  type Actor,
  type completePhotoUploads,
  photoRejected,
  photoStored,
  type RequestOf,
} from '@memoreel/contracts';
import { MAX_PHOTO_BYTES, photoMessages } from '@memoreel/domain';
import { buildEvent, type ObjectRange, recordEvent, requireSignedIn } from '@memoreel/platform';
import { Injectable } from '@nestjs/common';
import { MediaDatabase, type MediaTransaction } from '../database/media-database.js';
import { FriendLinksService } from '../friend-links/friend-links.service.js';
import type { Photo } from '../generated/prisma/client.js';
import { uploadBytes, uploadsVerified } from '../media.metrics.js';
import { PhotoStorage } from '../storage/photo-storage.js';
import { type JudgedAhead, judgeHeifAhead } from './judge-heif-ahead.js';
import { PendingPhotosService } from './pending-photos.service.js';
import { photoKey } from './photo-keys.js';
import { PhotosRepository, UploadStatus } from './photos.repository.js';
import { sideBySideInOrder } from './side-by-side.js';
import {
  bytesHash,
  heifWrittenMeanwhile,
  StagedUpload,
  UploadChangedError,
  versionHash,
} from './staged-upload.js';
import { UploadsFirst } from './uploads-first.js';
import { type Refusal, type Verdict, verifyPhoto } from './verify-photo.js';

/** Verifying and converting a 10 MB HEIC takes seconds on a small machine. */
const COMPLETE_TIMEOUT_MS = 120_000;
/** Uploads of one complete call verified side by side (each reads ~320 KB; a PNG or HEIC, up to 10 MB). */
const COMPLETE_CONCURRENCY = 6;

const refusalText: Record<Refusal, (name: string) => string> = {
  tooLarge: photoMessages.tooLarge,
  notAnImage: photoMessages.notAnImage,
  damaged: photoMessages.damaged,
  tooManyPixels: photoMessages.tooManyPixels,
  tooDemanding: photoMessages.tooDemandingToConvert,
};

type UploadResult = { uploadId: string; photoId: string | null; error: string | null };

/** Whose uploads a completion may finish: the owner's own, or a friend's through a link. */
interface Uploader {
  ownerId: string;
  submittedBy: string | null;
}

/** What judging an upload came to: a refusal in the user's words, or a verdict on the bytes at `version`. */
type Judgement =
  | { refusal: string }
  | { verdict: Extract<Verdict, { ok: true }>; version: string; head: ObjectRange };

/** An upload of another user, another project or another uploader reads as never requested. */
const isUploadOf = (photo: Photo, uploader: Uploader, projectId: string) =>
  photo.userId === uploader.ownerId &&
  (photo.submittedBy ?? null) === uploader.submittedBy &&
  photo.projectId === projectId;

/** The answer of an upload already completed (a repeated complete): its photo, or its refusal again. */
function answerOfSettled(photo: Photo): UploadResult | undefined {
  if (photo.status === UploadStatus.stored) return { uploadId: photo.id, photoId: photo.id, error: null };
  if (photo.status !== UploadStatus.rejected) return undefined;
  const error = photo.rejection ?? photoMessages.uploadFailedFor(photo.originalName);
  return { uploadId: photo.id, photoId: null, error };
}

/**
 * The end of an upload: each object is judged (size, type by its bytes, pixels, whole to its end;
 * HEIC converted) and kept as the photo, recording media.photo.stored, or deleted, recording
 * media.photo.rejected with its reason. A repeated completion answers the same again.
 */
@Injectable()
export class UploadCompletionService {
  constructor(
    private readonly database: MediaDatabase,
    private readonly photos: PhotosRepository,
    private readonly friendLinks: FriendLinksService,
    private readonly photoStorage: PhotoStorage,
    private readonly uploadsFirst: UploadsFirst,
    private readonly pending: PendingPhotosService,
  ) {}

  /**
   * The uploads verified side by side and stored in the order given (their photos join the project
   * in that order); an upload of another user or project reads as never requested. A friend's
   * photos wait for the owner, whose bell hears of them once they are stored.
   */
  async completeUploads(
    actor: Actor,
    request: RequestOf<typeof completePhotoUploads>,
  ): Promise<UploadResult[]> {
    const userId = requireSignedIn(actor);
    const { projectId, uploadIds, linkId } = request;
    // A friend completes only their own uploads, and only while the link still works.
    const uploader: Uploader = linkId
      ? { ownerId: await this.friendOwner(linkId, projectId), submittedBy: userId }
      : { ownerId: userId, submittedBy: null };
    const results = await this.uploadsFirst.verification(() =>
      sideBySideInOrder(uploadIds, COMPLETE_CONCURRENCY, (uploadId, previousDone) =>
        this.complete(actor, uploader, projectId, uploadId, previousDone),
      ),
    );
    if (uploader.submittedBy && results.some((result) => result.photoId)) {
      await this.pending.announce(uploader.ownerId, projectId);
    }
    return results;
  }

  /**
   * One upload, under its row lock: claimed, judged, then kept and recorded as a photo (after the
   * upload before it in the same call, `previousDone`) or refused.
   */
  private async complete(
    actor: Actor,
    uploader: Uploader,
    projectId: string,
    uploadId: string,
    previousDone: Promise<unknown>,
  ): Promise<UploadResult> {
    // Counted once the transaction committed, and only for the completion that decided (not a repeat).
    let verified = undefined as { outcome: 'stored' | 'rejected'; bytes: number } | undefined;
    const ahead = await this.judgeHeifAhead(uploader, projectId, uploadId);
    const result = await this.database.$transaction(
      async (tx) => {
        const photo = await this.photos.lockById(tx, uploadId);
        if (
          !photo ||
          !isUploadOf(photo, uploader, projectId) ||
          photo.status === UploadStatus.projectDeleted
        ) {
          return { uploadId, photoId: null, error: photoMessages.photoNotFound };
        }
        const settled = answerOfSettled(photo);
        if (settled) return settled;
        const upload = new StagedUpload(this.photoStorage.storage, photo);
        const judgement = await this.judge(upload, photo, ahead);
        if ('refusal' in judgement) {
          const refused = await this.refuse(tx, actor, upload, photo, judgement.refusal);
          verified = { outcome: 'rejected', bytes: 0 };
          return refused;
        }
        const kept = await this.keep(upload, photo, judgement);
        await previousDone;
        const stored = await this.recordStored(tx, actor, photo, judgement.verdict, kept);
        verified = { outcome: 'stored', bytes: judgement.verdict.size };
        return stored;
      },
      { timeout: COMPLETE_TIMEOUT_MS, maxWait: COMPLETE_TIMEOUT_MS },
    );
    if (verified) {
      uploadsVerified.inc({ outcome: verified.outcome });
      uploadBytes.inc(verified.bytes);
    }
    return result;
  }

  /**
   * The upload's PUT URLs closed and, while its quota is still held, its bytes judged from the copy
   * under the judged key (a HEIF judged ahead is taken when it is still the version read).
   */
  private async judge(
    upload: StagedUpload,
    photo: Photo,
    ahead: JudgedAhead | undefined,
  ): Promise<Judgement> {
    const uploadFailed = { refusal: photoMessages.uploadFailedFor(photo.originalName) };
    // Whatever the verdict, the upload ends here: its PUT URL writes nothing more.
    await upload.closePutUrls(photo.uploadExpiresAt);
    // Past its reservation the quota it held may be someone else's.
    if (photo.uploadExpiresAt.getTime() < Date.now()) return uploadFailed;
    const head = await upload.head();
    if (!head) return uploadFailed;
    const { size } = head.range;
    if (size > MAX_PHOTO_BYTES) return { refusal: photoMessages.tooLarge(photo.originalName) };
    const copying = upload.judged !== upload.staged && !head.copied;
    const version = copying ? await upload.copyToJudged(head.range.version) : head.range.version;
    if (version === null) return uploadFailed;
    // Whatever the verdict, the staged object has served (removed while the judging goes on).
    const stagedRemoved = copying ? upload.removeStaged() : undefined;
    // Awaited below; a failure meanwhile must not count as an unhandled rejection.
    stagedRemoved?.catch(() => {});
    try {
      // Anything more is read from the copy, which no write reaches; a changed version is a failed upload.
      const verdict =
        ahead?.version === head.range.version
          ? ahead.verdict
          : await verifyPhoto(
              { size, head: head.range.bytes, from: (start) => upload.rest(start, size, version) },
              heifWrittenMeanwhile,
            );
      if (!verdict.ok) return { refusal: refusalText[verdict.refusal](photo.originalName) };
      return { verdict, version, head: head.range };
    } catch (error) {
      if (error instanceof UploadChangedError) return uploadFailed;
      throw error;
    } finally {
      await stagedRemoved;
    }
  }

  /**
   * Kept where it was judged when that key names what it is (a HEIC becomes a .jpg, a PNG named .jpg
   * gets .png); otherwise the bytes judged are written under the right key and type.
   */
  private async keep(
    upload: StagedUpload,
    photo: Photo,
    { verdict, version, head }: Extract<Judgement, { verdict: unknown }>,
  ): Promise<{ storagePath: string; contentHash: string }> {
    const storagePath = photoKey(photo.projectId, photo.id, verdict.extension);
    if (!verdict.converted && storagePath === upload.judged && head.contentType === verdict.contentType) {
      return { storagePath, contentHash: versionHash(storagePath, version) };
    }
    const bytes = verdict.bytes ?? (await upload.rest(0, head.size, version));
    await upload.keepAs(storagePath, bytes, verdict.contentType);
    return { storagePath, contentHash: bytesHash(bytes) };
  }

  private async recordStored(
    tx: MediaTransaction,
    actor: Actor,
    photo: Photo,
    verdict: Extract<Verdict, { ok: true }>,
    kept: { storagePath: string; contentHash: string },
  ): Promise<UploadResult> {
    const { width, height, contentType } = verdict;
    const review = photo.submittedBy && photo.submittedBy !== photo.userId ? 'pending' : 'accepted';
    // Taken only now, after the upload before it in the same call: no lock waits on a promise.
    await this.photos.lockPlaces(tx, photo.projectId);
    const dimensions = { size: verdict.size, width, height };
    const stored = await this.photos.markStored(tx, photo, { ...kept, ...dimensions }, review);
    await recordEvent(
      tx,
      'media',
      buildEvent(photoStored, actor, {
        id: stored.id,
        projectId: stored.projectId,
        userId: stored.userId,
        submittedBy: stored.submittedBy,
        storagePath: kept.storagePath,
        originalName: stored.originalName,
        contentType,
        width,
        height,
      }),
    );
    return { uploadId: photo.id, photoId: stored.id, error: null };
  }

  /** Nothing of a refused upload is kept; its place is free again. */
  private async refuse(
    tx: MediaTransaction,
    actor: Actor,
    upload: StagedUpload,
    photo: Photo,
    error: string,
  ): Promise<UploadResult> {
    await upload.discard();
    await this.photos.markRejected(tx, photo.id, error);
    const { id, projectId, userId } = photo;
    await recordEvent(
      tx,
      'media',
      buildEvent(photoRejected, actor, { id, projectId, userId, reason: error }),
    );
    return { uploadId: photo.id, photoId: null, error };
  }

  /** The owner of the link's project, while the link works and names this project. */
  private async friendOwner(linkId: string, projectId: string): Promise<string> {
    const { project } = await this.friendLinks.usable(this.database, linkId, new Date(), projectId);
    return project.userId;
  }

  /** An open upload of this uploader's that is a HEIC/HEIF, judged before any row is locked. */
  private async judgeHeifAhead(uploader: Uploader, projectId: string, uploadId: string) {
    const photo = await this.photos.getById(this.database, uploadId);
    if (!photo || !isUploadOf(photo, uploader, projectId) || photo.status !== UploadStatus.awaitingUpload) {
      return undefined;
    }
    return judgeHeifAhead(this.photoStorage.storage, photo.storagePath);
  }
}
