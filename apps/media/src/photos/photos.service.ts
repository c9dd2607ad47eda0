import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type Actor,
  checkFriendLink,
  INVALID_UPLOAD_LINK,
  makePhotoThumbnails,
  makePhotoVideoDerivative,
  type PhotoUrls,
  photoRejected,
  photoStored,
  type ReplyOf,
  type RequestOf,
  type requestPhotoUploads,
  reserveFriendUploads,
  reservePhotoUploads,
  SYSTEM,
} from '@memoreel/contracts';
import {
  MAX_PHOTO_BYTES,
  PHOTO_CONTENT_TYPES,
  PHOTO_EXTENSIONS,
  type PhotoFilter,
  PhotoFilterSchema,
  photoMessages,
  projectMessages,
} from '@memoreel/domain';
import {
  BusClient,
  buildEvent,
  DomainError,
  LOGGER,
  type Logger,
  loadConfig,
  NotFoundError,
  RemoteError,
  recordEvent,
  runOnce,
  SERVICE_CONTEXT,
  type ServiceContext,
  StorageNotFoundError,
  StorageVersionMismatchError,
  UnauthorizedError,
} from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { MediaDatabase } from '../database/media-database.js';
import type { Blob } from '../generated/prisma/client.js';
import { uploadBytes, uploadsVerified } from '../media.metrics.js';
import { PHOTOS_BUCKET, PhotoStorage } from '../storage/photo-storage.js';
import { BlobStatus, BlobsRepository } from './blobs.repository.js';
import { judgeHeifAhead } from './judge-heif-ahead.js';
import {
  decodeUpright,
  THUMBNAIL_NAMES,
  thumbnailKey,
  thumbnailsOf,
  thumbnailsPrefix,
} from './thumbnails.js';
import { UploadsFirst } from './uploads-first.js';
import { HEAD_BYTES, type HeifToJpeg, type Refusal, type Verdict, verifyPhoto } from './verify-photo.js';
import {
  makeVideoDerivative,
  VIDEO_DERIVATIVE_EDGE,
  videoDerivativeKey,
  videoDerivativesPrefix,
} from './video-derivatives.js';

/** A presigned PUT stays usable this long; the quota held for it a while longer, to complete it. */
export const UPLOAD_URL_SECONDS = 15 * 60;
const settings = z.object({
  /** How long a presigned PUT stays usable (s); shorter only in tests of expired upload slots. */
  MEDIA_UPLOAD_URL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(UPLOAD_URL_SECONDS)
    .default(UPLOAD_URL_SECONDS),
});
export const UPLOAD_RESERVATION_SECONDS = 60 * 60;
/** Signed GET URLs of photos and thumbnails (spec: 3600 s). */
export const PHOTO_URL_SECONDS = 3600;
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

function signedInUserId(actor: Actor): string {
  if (!actor.userId || (actor.role !== 'user' && actor.role !== 'admin')) {
    throw new UnauthorizedError(projectMessages.authenticationRequired);
  }
  return actor.userId;
}

/** The extension of the key an upload goes to: from its name when it is an image's, else from its type. */
function extensionOf(name: string, contentType: string): string {
  const dot = name.lastIndexOf('.');
  const fromName = dot >= 0 ? name.slice(dot).toLowerCase() : '';
  if ((PHOTO_EXTENSIONS as readonly string[]).includes(fromName)) return fromName.slice(1);
  const fromType = contentType.split('/')[1]?.toLowerCase();
  return fromType === 'jpeg' ? 'jpg' : (fromType ?? 'jpg').replace(/[^a-z0-9]/g, '') || 'jpg';
}

const uploadContentType = (declared: string) =>
  (PHOTO_CONTENT_TYPES as readonly string[]).includes(declared) ? declared : 'application/octet-stream';

async function readAll(stream: Readable, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Where a presigned PUT writes: a staging key. The photo is stored under `{projectId}/{id}.{ext}`
 * only by `complete`, from the very bytes it verified, so a PUT URL still valid after its complete
 * can never change a stored photo (docs/photos-api.md).
 */
export const uploadKey = (projectId: string, id: string, extension: string) =>
  `${projectId}/uploads/${id}.${extension}`;
const photoKey = (projectId: string, id: string, extension: string) => `${projectId}/${id}.${extension}`;
/** The extension of a staging key as a stored photo's would be (`.jpeg` is stored as `.jpg`). */
function keptExtension(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return extension === 'jpeg' ? 'jpg' : extension;
}

/**
 * Runs `work` on every item, at most `limit` at a time, answering in the items' order. Each call is
 * handed the previous item's work as `previousDone`, for the step that must keep the items' order.
 */
async function sideBySideInOrder<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, previousDone: Promise<unknown>) => Promise<R>,
): Promise<R[]> {
  const started: Promise<R>[] = [];
  const running = new Set<Promise<unknown>>();
  let previous: Promise<unknown> = Promise.resolve();
  for (const item of items) {
    while (running.size >= limit) await Promise.race(running);
    const done = work(item, previous);
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    running.add(settled);
    void settled.then(() => running.delete(settled));
    started.push(done);
    previous = settled;
  }
  return Promise.all(started);
}

/** The object under an upload's key changed between two reads of one verification. */
class UploadChangedError extends Error {
  override name = 'UploadChangedError';
}

/** A HEIF is judged before the transaction; one first met inside it was written after that. */
const heifWrittenMeanwhile: HeifToJpeg = () => Promise.reject(new UploadChangedError());

/**
 * A stored upload's content hash, made from the version the storage gives its bytes (S3: their MD5
 * ETag; the local store: the file's identity) rather than by reading all of them back: another write
 * is another version, so thumbnails and derivatives named by it change with the bytes
 * (docs/decisions/0023-judging-uploads-from-their-ends.md).
 */
function versionHash(key: string, version: string): string {
  return createHash('sha256').update(`${key}\n${version}`).digest('hex');
}

/** A stable UUID-shaped id for a name (job ids must be UUIDs). */
function uuidOf(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type UploadResult = { uploadId: string; photoId: string | null; error: string | null };

/**
 * Photo objects: presigned uploads into `{projectId}/{uuid}.{ext}`, their verification, thumbnails
 * and signed URLs. Who owns a project is the projects service's to say (it holds the quota); a
 * blob remembers its owner, so reading URLs needs no round trip.
 */
@Injectable()
export class PhotosService {
  private readonly uploadsFirst = new UploadsFirst();

  private readonly uploadUrlSeconds: number;

  constructor(
    private readonly database: MediaDatabase,
    private readonly blobs: BlobsRepository,
    private readonly photoStorage: PhotoStorage,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
  ) {
    this.uploadUrlSeconds = loadConfig(settings, context.env).MEDIA_UPLOAD_URL_SECONDS;
  }

  private get storage() {
    return this.photoStorage.storage;
  }

  /** Quota first (atomically, in projects), then one presigned PUT per file that fits, in the order given. */
  async requestUploads(
    actor: Actor,
    request: RequestOf<typeof requestPhotoUploads>,
  ): Promise<ReplyOf<typeof requestPhotoUploads>> {
    const userId = signedInUserId(actor);
    const { projectId, files } = request;
    // Taken before the reservation is: an upload never outlives the quota held for it.
    const uploadExpiresAt = new Date(Date.now() + UPLOAD_RESERVATION_SECONDS * 1000);
    // A friend's upload (through a link) is held against the link's project, under its owner's plan.
    const { reservations, quota, ownerId, submittedBy } = request.linkId
      ? await this.reserveForFriend(request.linkId, projectId, userId, files.length)
      : { ...(await this.reserve(projectId, userId, files.length)), ownerId: userId, submittedBy: null };
    const uploads = reservations.map(({ id }, fileIndex) => {
      const file = files[fileIndex] as (typeof files)[number];
      return {
        id,
        fileIndex,
        userId: ownerId,
        submittedBy,
        projectId,
        storagePath: uploadKey(projectId, id, extensionOf(file.name, file.contentType)),
        originalName: file.name,
        contentType: uploadContentType(file.contentType),
        uploadExpiresAt,
      };
    });
    await this.database.$transaction((tx) =>
      this.blobs.insertMany(
        tx,
        uploads.map(({ fileIndex: _, ...blob }) => blob),
      ),
    );
    const slots = await Promise.all(
      uploads.map(async (upload) => ({
        uploadId: upload.id,
        fileIndex: upload.fileIndex,
        url: await this.storage.presignPut(PHOTOS_BUCKET, upload.storagePath, {
          expiresInSeconds: this.uploadUrlSeconds,
          contentType: upload.contentType,
          maxBytes: MAX_PHOTO_BYTES,
          // The body must be as large as declared (the local store and S3 both refuse another length).
          size: files[upload.fileIndex]?.size,
        }),
        headers: [{ name: 'Content-Type', value: upload.contentType }],
      })),
    );
    return { slots, skipped: files.length - slots.length, quota };
  }

  /**
   * The uploads verified side by side and stored in the order given (their photos join the project
   * in that order); an upload of another user or project reads as never requested.
   */
  async completeUploads(
    actor: Actor,
    projectId: string,
    uploadIds: readonly string[],
    linkId?: string,
  ): Promise<UploadResult[]> {
    const userId = signedInUserId(actor);
    // A friend completes only their own uploads, and only while the link still works.
    const uploader = linkId
      ? { ownerId: await this.friendLinkOwner(linkId, projectId), submittedBy: userId }
      : { ownerId: userId, submittedBy: null };
    return this.uploadsFirst.verification(() =>
      sideBySideInOrder(uploadIds, COMPLETE_CONCURRENCY, (uploadId, previousDone) =>
        this.complete(actor, uploader.ownerId, projectId, uploadId, uploader.submittedBy, previousDone),
      ),
    );
  }

  /** Signed URLs of the actor's stored photos; thumbnails are null until the job has made them. */
  async urls(actor: Actor, ids: readonly string[]): Promise<{ id: string; urls: PhotoUrls | null }[]> {
    const userId = signedInUserId(actor);
    const blobs = await this.blobs.storedOfUser(this.database, userId, ids);
    return Promise.all(blobs.map(async (blob) => ({ id: blob.id, urls: await this.signedUrls(blob) })));
  }

  /**
   * The image job of a stored photo: its thumbnails and the video derivative of its filter, both from
   * one decode (each costs a whole decode of the original otherwise). Idempotent (a redelivery makes
   * only what is missing), skipped once the photo is gone.
   */
  async makeThumbnails(id: string): Promise<void> {
    const blob = await this.blobs.getById(this.database, id);
    if (!blob || blob.status !== BlobStatus.stored || !blob.contentHash) return;
    const photo = { id: blob.id, projectId: blob.projectId, contentHash: blob.contentHash };
    const filter = PhotoFilterSchema.catch('none').parse(blob.filter);
    const thumbnailsMissing = blob.thumbnailsOf !== blob.contentHash;
    const derivativeMissing = blob.videoDerivativeKey !== videoDerivativeKey(photo, filter);
    if (!thumbnailsMissing && !derivativeMissing) return;
    await this.uploadsFirst.quiet();
    const started = performance.now();
    const image = await readAll(await this.storage.get(PHOTOS_BUCKET, blob.storagePath), MAX_PHOTO_BYTES * 4);
    if (!image) return;
    const decoded = await decodeUpright(image, VIDEO_DERIVATIVE_EDGE);
    if (thumbnailsMissing) {
      const thumbnails = await thumbnailsOf(decoded);
      for (const size of THUMBNAIL_NAMES) {
        await this.storage.put(PHOTOS_BUCKET, thumbnailKey(photo, size), thumbnails[size], {
          contentType: 'image/webp',
        });
      }
      if (!(await this.blobs.markThumbnailed(this.database, blob.id, blob.contentHash))) {
        // The photo or its project was deleted while they were made: what was just written goes too.
        for (const size of THUMBNAIL_NAMES)
          await this.storage.delete(PHOTOS_BUCKET, thumbnailKey(photo, size));
        return;
      }
    }
    if (derivativeMissing)
      await this.storeVideoDerivative(blob, filter, await makeVideoDerivative(decoded, filter));
    this.logger.info(
      { photoId: blob.id, ms: Math.round(performance.now() - started) },
      'photo thumbnails and video derivative made',
    );
  }

  /**
   * Enqueues the image job of a stored photo (its thumbnails and video derivative); the job id (one per
   * stored object) dedupes a redelivered event.
   */
  async enqueueImageJobs(photo: { id: string; storagePath: string }): Promise<void> {
    const jobId = uuidOf(`thumbnails:${photo.id}:${photo.storagePath}`);
    await this.bus.enqueueJob(makePhotoThumbnails, SYSTEM, { id: photo.id }, { id: jobId });
  }

  /**
   * A photo's filter changed in projects: it is recorded (unless a newer change already was) and
   * its derivative is made again. The job id is the event's, so a redelivery dedupes while going
   * back to an earlier filter still makes its derivative.
   */
  async changeFilter(event: { id: string; occurredAt: string; photoId: string; filter: PhotoFilter }) {
    const recorded = await this.blobs.setFilter(
      this.database,
      event.photoId,
      event.filter,
      new Date(event.occurredAt),
    );
    if (!recorded) return;
    await this.bus.enqueueJob(
      makePhotoVideoDerivative,
      SYSTEM,
      { id: event.photoId },
      { id: uuidOf(`video:${event.id}`) },
    );
  }

  /**
   * The video derivative job: the photo's current filter baked into a 1920-px JPEG under its
   * content-named key; the derivative it replaces is deleted in the same step, so none is left
   * behind. Idempotent (a made key is not made again), and what was made for a filter or photo that
   * changed or went meanwhile is removed again.
   */
  async makeVideoDerivative(id: string): Promise<void> {
    const blob = await this.blobs.getById(this.database, id);
    if (!blob || blob.status !== BlobStatus.stored || !blob.contentHash) return;
    const filter = PhotoFilterSchema.catch('none').parse(blob.filter);
    const photo = { id: blob.id, projectId: blob.projectId, contentHash: blob.contentHash };
    if (blob.videoDerivativeKey === videoDerivativeKey(photo, filter)) return;
    await this.uploadsFirst.quiet();
    const started = performance.now();
    const image = await readAll(await this.storage.get(PHOTOS_BUCKET, blob.storagePath), MAX_PHOTO_BYTES * 4);
    if (!image) return;
    await this.storeVideoDerivative(blob, filter, await makeVideoDerivative(image, filter));
    this.logger.info(
      { photoId: blob.id, filter, ms: Math.round(performance.now() - started) },
      'photo video derivative made',
    );
  }

  /** Stores a photo's video derivative and records it, unless the photo changed meanwhile. */
  private async storeVideoDerivative(blob: Blob, filter: PhotoFilter, jpeg: Buffer): Promise<void> {
    const contentHash = blob.contentHash as string;
    const key = videoDerivativeKey({ id: blob.id, projectId: blob.projectId, contentHash }, filter);
    await this.storage.put(PHOTOS_BUCKET, key, jpeg, { contentType: 'image/jpeg' });
    await this.database.$transaction(async (tx) => {
      // Locked: a photo deletion or another derivative job waits here, then sees what this one did.
      const current = await this.blobs.lockById(tx, blob.id);
      const stillWanted =
        current?.status === BlobStatus.stored &&
        current.contentHash === contentHash &&
        current.filter === filter;
      if (!stillWanted) {
        if (current?.videoDerivativeKey !== key) await this.storage.delete(PHOTOS_BUCKET, key);
        return;
      }
      if (current.videoDerivativeKey && current.videoDerivativeKey !== key) {
        await this.storage.delete(PHOTOS_BUCKET, current.videoDerivativeKey);
      }
      await this.blobs.setVideoDerivative(tx, blob.id, key);
    });
  }

  /** A photo deleted in projects: its object and thumbnails go, once. */
  async deletePhoto(event: { id: string; consumer: string; photoId: string }): Promise<void> {
    await this.database.$transaction(async (tx) => {
      await runOnce(tx, 'media', event.consumer, event.id, async () => {
        // Locked first: a thumbnail or derivative job finishing meanwhile waits, then finds the row gone.
        const blob = await this.blobs.lockById(tx, event.photoId);
        if (!blob) return;
        await this.storage.delete(PHOTOS_BUCKET, blob.storagePath);
        // A PUT that landed on its staging key after the photo was stored goes too.
        await this.storage.deletePrefix(PHOTOS_BUCKET, uploadKey(blob.projectId, blob.id, ''));
        await this.storage.deletePrefix(PHOTOS_BUCKET, thumbnailsPrefix(blob));
        await this.storage.deletePrefix(PHOTOS_BUCKET, videoDerivativesPrefix(blob));
        // While a PUT URL of it may still work (S3 cannot refuse it), the row stays for the sweep.
        if (blob.uploadExpiresAt.getTime() > Date.now() && !blob.stagingSweptAt)
          await this.blobs.markGone(tx, blob.id);
        else await this.blobs.delete(tx, blob.id);
      });
    });
  }

  /** A deleted project: every object under `{projectId}/` goes, with the rows that named them. */
  async deleteProject(event: { id: string; consumer: string; projectId: string }): Promise<number> {
    let removed = 0;
    await this.database.$transaction(async (tx) => {
      await runOnce(tx, 'media', event.consumer, event.id, async () => {
        await this.blobs.lockOfProject(tx, event.projectId);
        removed = await this.storage.deletePrefix(PHOTOS_BUCKET, `${event.projectId}/`);
        const putDeadline = new Date(Date.now() + this.uploadUrlSeconds * 1000);
        await this.blobs.deleteOfProject(tx, event.projectId, putDeadline);
      });
    });
    return removed;
  }

  /** As the system, naming the visitor: projects checks the link and counts its owner's plan. */
  private async reserveForFriend(linkId: string, projectId: string, submittedBy: string, count: number) {
    const reply = await this.remote(() =>
      this.bus.request(reserveFriendUploads, SYSTEM, {
        linkId,
        projectId,
        submittedBy,
        count,
        expiresInSeconds: UPLOAD_RESERVATION_SECONDS,
      }),
    );
    // A link names its own project: uploads to any other through it are refused like an unknown link.
    if (reply.projectId !== projectId) throw new NotFoundError(INVALID_UPLOAD_LINK);
    return { ...reply, submittedBy };
  }

  private async friendLinkOwner(linkId: string, projectId: string): Promise<string> {
    const link = await this.remote(() => this.bus.request(checkFriendLink, SYSTEM, { linkId }));
    if (link.projectId !== projectId) throw new NotFoundError(INVALID_UPLOAD_LINK);
    return link.ownerId;
  }

  private async remote<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof RemoteError) throw new DomainError(error.code, error.message, error.details);
      throw error;
    }
  }

  private async reserve(projectId: string, userId: string, count: number) {
    try {
      // As the system, naming the user: the projects service checks that the project is theirs.
      return await this.bus.request(reservePhotoUploads, SYSTEM, {
        projectId,
        userId,
        count,
        expiresInSeconds: UPLOAD_RESERVATION_SECONDS,
      });
    } catch (error) {
      // "Project not found" reaches the browser unchanged.
      if (error instanceof RemoteError) throw new DomainError(error.code, error.message, error.details);
      throw error;
    }
  }

  private async complete(
    actor: Actor,
    userId: string,
    projectId: string,
    uploadId: string,
    submittedBy: string | null,
    /** The upload before this one in the same call: its photo is recorded first. */
    previousDone: Promise<unknown>,
  ): Promise<UploadResult> {
    // Counted once the transaction committed, and only for the completion that decided (not a repeat).
    let verified = undefined as { outcome: 'stored' | 'rejected'; bytes: number } | undefined;
    const ahead = await this.judgeHeifAhead(uploadId, userId, projectId, submittedBy);
    const result = await this.database.$transaction(
      async (tx) => {
        const blob = await this.blobs.lockById(tx, uploadId);
        if (
          !blob ||
          blob.userId !== userId ||
          (blob.submittedBy ?? null) !== submittedBy ||
          blob.projectId !== projectId ||
          blob.status === BlobStatus.projectDeleted
        ) {
          return { uploadId, photoId: null, error: photoMessages.photoNotFound };
        }
        if (blob.status === BlobStatus.stored) return { uploadId, photoId: blob.id, error: null };
        if (blob.status === BlobStatus.rejected) {
          return {
            uploadId,
            photoId: null,
            error: blob.rejection ?? photoMessages.uploadFailedFor(blob.originalName),
          };
        }

        // Where the object is judged and, most often, kept: a copy made inside the storage (no bytes
        // through this service) under a key no PUT URL names, so what is judged is what is kept even
        // while a PUT URL is still valid. (An upload requested before staging keys existed was PUT to
        // the photo's key itself.)
        const staged = blob.storagePath;
        const judged = staged.startsWith(`${projectId}/uploads/`)
          ? photoKey(projectId, blob.id, keptExtension(staged))
          : staged;
        const refuse = async (error: string) => {
          await this.storage.delete(PHOTOS_BUCKET, staged);
          if (judged !== staged) await this.storage.delete(PHOTOS_BUCKET, judged);
          await this.blobs.markRejected(tx, blob.id, error);
          await recordEvent(
            tx,
            'media',
            buildEvent(photoRejected, actor, { id: blob.id, projectId, userId, reason: error }),
          );
          verified = { outcome: 'rejected', bytes: 0 };
          return { uploadId, photoId: null, error };
        };
        const uploadFailed = () => refuse(photoMessages.uploadFailedFor(blob.originalName));
        // Whatever the verdict, the upload ends here: its PUT URL writes nothing more (the local store
        // refuses it; on S3 what still lands is swept once the URL has expired).
        await this.storage.closePutUrls(PHOTOS_BUCKET, staged, blob.uploadExpiresAt);

        // Past its reservation the quota it held may be someone else's.
        if (blob.uploadExpiresAt.getTime() < Date.now()) return uploadFailed();
        // The first bytes with the size, type and version of the object they belong to: one ranged read.
        // A completion that died after its copy and the staged object's removal, before its commit,
        // left the copy: it is what was judged to be copied, under a key no PUT URL names, so this
        // completion finishes from it instead of failing the upload.
        const stagedHead = await this.readRange(staged, 0, HEAD_BYTES);
        const copied = !stagedHead && judged !== staged;
        const head = stagedHead ?? (copied ? await this.readRange(judged, 0, HEAD_BYTES) : null);
        if (!head) return uploadFailed();
        if (head.size > MAX_PHOTO_BYTES) return refuse(photoMessages.tooLarge(blob.originalName));
        // Only the version just read is copied: a PUT in between makes the copy fail, not pass unread.
        let version = head.version;
        if (judged !== staged && !copied) {
          try {
            version = (await this.storage.copy(PHOTOS_BUCKET, staged, judged, { ifVersion: version }))
              .version;
          } catch (error) {
            if (error instanceof StorageNotFoundError || error instanceof StorageVersionMismatchError)
              return uploadFailed();
            throw error;
          }
        }
        // Whatever the verdict, the staged object has served (removed while the judging goes on).
        const stagedRemoved =
          judged !== staged && !copied ? this.storage.delete(PHOTOS_BUCKET, staged) : undefined;
        // Awaited below; a failure meanwhile must not count as an unhandled rejection.
        stagedRemoved?.catch(() => {});
        // Anything more is read from the copy, which no write reaches; a changed version is a failed upload.
        const rest = async (start: number) => {
          const range = await this.readRange(judged, start, head.size - start);
          if (range?.version !== version) throw new UploadChangedError();
          return range.bytes;
        };
        let verdict: Verdict;
        try {
          verdict =
            ahead?.version === head.version
              ? ahead.verdict
              : await verifyPhoto({ size: head.size, head: head.bytes, from: rest }, heifWrittenMeanwhile);
        } catch (error) {
          if (error instanceof UploadChangedError) return uploadFailed();
          throw error;
        } finally {
          await stagedRemoved;
        }
        if (!verdict.ok) return refuse(refusalText[verdict.refusal](blob.originalName));

        // Kept where it was judged when that key names what it is (a HEIC becomes a .jpg, a PNG named
        // .jpg gets .png); otherwise the bytes judged are written under the right key and type.
        const storagePath = photoKey(projectId, blob.id, verdict.extension);
        let contentHash = versionHash(storagePath, version);
        if (verdict.converted || storagePath !== judged || head.contentType !== verdict.contentType) {
          const bytes = verdict.bytes ?? (await rest(0));
          await this.storage.put(PHOTOS_BUCKET, storagePath, bytes, {
            contentType: verdict.contentType,
            size: bytes.length,
          });
          if (judged !== storagePath) await this.storage.delete(PHOTOS_BUCKET, judged);
          contentHash = createHash('sha256').update(bytes).digest('hex');
        }
        await previousDone;
        const stored = await this.blobs.markStored(tx, blob.id, {
          storagePath,
          size: verdict.size,
          width: verdict.width,
          height: verdict.height,
          contentHash,
        });
        await recordEvent(
          tx,
          'media',
          buildEvent(photoStored, actor, {
            id: stored.id,
            projectId,
            userId,
            submittedBy: stored.submittedBy,
            storagePath,
            originalName: stored.originalName,
            contentType: verdict.contentType,
            width: verdict.width,
            height: verdict.height,
          }),
        );
        verified = { outcome: 'stored', bytes: verdict.size };
        return { uploadId, photoId: stored.id, error: null };
      },
      { timeout: COMPLETE_TIMEOUT_MS, maxWait: COMPLETE_TIMEOUT_MS },
    );
    if (verified) {
      uploadsVerified.inc({ outcome: verified.outcome });
      uploadBytes.inc(verified.bytes);
    }
    return result;
  }

  /** An open upload of this user's that is a HEIC/HEIF, judged before any row is locked. */
  private async judgeHeifAhead(
    uploadId: string,
    userId: string,
    projectId: string,
    submittedBy: string | null,
  ) {
    const blob = await this.blobs.getById(this.database, uploadId);
    const theirs =
      blob?.userId === userId && blob.projectId === projectId && (blob.submittedBy ?? null) === submittedBy;
    if (!theirs || blob.status !== BlobStatus.awaitingUpload) return undefined;
    return judgeHeifAhead(this.storage, blob.storagePath);
  }

  /** A ranged read of an upload, or null when it is not there. */
  private async readRange(key: string, start: number, length: number) {
    try {
      return await this.storage.getRange(PHOTOS_BUCKET, key, start, Math.max(1, length));
    } catch (error) {
      if (error instanceof StorageNotFoundError) return null;
      throw error;
    }
  }

  private async signedUrls(blob: Blob): Promise<PhotoUrls | null> {
    const sign = (key: string) =>
      this.storage.presignGet(PHOTOS_BUCKET, key, { expiresInSeconds: PHOTO_URL_SECONDS });
    if (!blob.contentHash || blob.thumbnailsOf !== blob.contentHash) return null;
    const photo = { id: blob.id, projectId: blob.projectId, contentHash: blob.contentHash };
    const filter = PhotoFilterSchema.catch('none').parse(blob.filter);
    const videoReady = blob.videoDerivativeKey === videoDerivativeKey(photo, filter);
    const [grid, strip, carousel, full, video] = await Promise.all([
      sign(thumbnailKey(photo, 'grid')),
      sign(thumbnailKey(photo, 'strip')),
      sign(thumbnailKey(photo, 'carousel')),
      sign(blob.storagePath),
      videoReady ? sign(blob.videoDerivativeKey as string) : null,
    ]);
    return { grid, strip, carousel, full, video, videoFilter: videoReady ? filter : null } as PhotoUrls;
  }
}
