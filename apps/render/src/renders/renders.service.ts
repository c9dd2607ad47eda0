import { randomUUID } from 'node:crypto';
import {
  type Actor,
  getPhotoUrls,
  type Project,
  RENDER_DOWNLOAD_URL_SECONDS,
  RENDERS_KEPT_PER_PROJECT,
  type RenderProgress,
  type RenderStatus,
  renderErrorCodes,
  renderMessages,
  renderProgressChanged,
} from '@memoreel/contracts';
import { projectMessages, VIDEO_FORMAT_IDS } from '@memoreel/domain';
import {
  BusClient,
  DomainError,
  LOGGER,
  NotFoundError,
  ownedOrNotFound,
  ownerActor,
  ProjectsLookup,
  passRemoteErrors,
  requireSignedIn,
  requireSystem,
  SERVICE_CONTEXT,
  type ServiceContext,
} from '@memoreel/platform';
import { type MemoreelVideoProps, photoContentKeyFromUrl } from '@memoreel/video/chunks';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { RenderDatabase } from '../database/render-database.js';
import { rendersEnded } from '../render.metrics.js';
import { RenderCleanup } from './render-cleanup.js';
import { RenderInputs } from './render-inputs.js';
import { recordStitch } from './render-jobs.js';
import { RenderPlanner } from './render-planner.js';
import {
  CHUNKS_SHARE,
  downloadName,
  estimatedSecondsLeft,
  isFinished,
  mayRead,
  renderSize,
  share,
} from './render-progress.js';
import { RENDERS_BUCKET, RenderStorage } from './render-storage.js';
import { type RenderRow, RendersRepository, RUNNING } from './renders.repository.js';

/** A render silent this long (no chunk taken or stored, no stitch) is failed: `RENDER_STALL_SECONDS`. */
const DEFAULT_STALL_SECONDS = 600;
/** The version of a render still waiting for its photos: nothing is planned yet, so nothing reuses it. */
const PENDING_VERSION = 'pending';

/**
 * Renders of projects (decision 0015): plans a video in chunks, queues the chunks the storage does
 * not hold yet for the render workers (through the outbox, with the row), records their reports,
 * queues the stitch, fails a render whose jobs were lost or that stalled, and keeps the latest 5.
 */
@Injectable()
export class RendersService {
  /** How long a running render may go without moving before the watchdog fails it. */
  readonly stallMs: number;

  constructor(
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
    private readonly database: RenderDatabase,
    private readonly renders: RendersRepository,
    private readonly renderStorage: RenderStorage,
    private readonly inputs: RenderInputs,
    private readonly planner: RenderPlanner,
    private readonly cleanup: RenderCleanup,
    private readonly bus: BusClient,
    private readonly projects: ProjectsLookup,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.stallMs = (Number(context.env.RENDER_STALL_SECONDS) || DEFAULT_STALL_SECONDS) * 1000;
  }

  private get storage() {
    return this.renderStorage.storage;
  }

  /**
   * Owner only. Answers the completed (or running) render of an unchanged project instead of
   * starting another. While some photos' video derivatives are still being made, the render waits
   * for them (`pending`, its progress the share of photos ready) and starts once they are.
   */
  async start(
    actor: Actor,
    projectId: string,
  ): Promise<{ renderId: string; reused: boolean; initialProgress: RenderProgress }> {
    const project = await this.ownProject(actor, projectId);
    if (project.product === 'free') {
      throw new DomainError(renderErrorCodes.upgradeRequired, renderMessages.upgradeRequired);
    }
    const input = await this.inputs.videoProps(actor, project);
    if (!input.ready) return this.waitForPhotos(project, input.photosReady / input.photos);
    const plan = this.planner.plan(input.props, input.tracks);
    const existing = await this.renders.latestOfVersion(
      this.database,
      projectId,
      plan.version,
      this.stalledBefore(),
    );
    if (existing && (existing.status !== 'completed' || (await this.videoStored(existing)))) {
      return { renderId: existing.id, reused: true, initialProgress: await this.progressOf(existing) };
    }
    const row = (await this.planner.record(randomUUID(), project, plan)) as RenderRow;
    this.logQueued(row);
    await this.cleanup.keepLatest(projectId);
    return { renderId: row.id, reused: false, initialProgress: await this.push(row) };
  }

  /** A render that waits for its photos: one per project (a second click answers it). */
  private async waitForPhotos(
    project: Project,
    progress: number,
  ): Promise<{ renderId: string; reused: boolean; initialProgress: RenderProgress }> {
    const waiting = await this.renders.pendingOfProject(this.database, project.id);
    if (waiting)
      return { renderId: waiting.id, reused: true, initialProgress: await this.progressOf(waiting) };
    const row = await this.renders.create(this.database, {
      id: randomUUID(),
      projectId: project.id,
      userId: project.userId,
      projectName: project.name,
      projectVersion: PENDING_VERSION,
      status: 'pending',
      progress,
      props: {},
    });
    this.logger.info({ renderId: row.id, progress }, 'render waits for its photos');
    await this.cleanup.keepLatest(project.id);
    return { renderId: row.id, reused: false, initialProgress: await this.push(row) };
  }

  /**
   * The watch's round over the renders waiting for their photos: each whose photos are all ready is
   * planned and queued; one whose photos stopped getting ready for half the stall time fails with
   * "Missing required data"; the others show how many are ready.
   */
  async advancePending(now = Date.now()): Promise<number> {
    const waiting = await this.renders.pending(this.database);
    let started = 0;
    for (const row of waiting) {
      try {
        if (await this.advance(row, now)) started += 1;
      } catch (error) {
        if (error instanceof DomainError && !(error instanceof NotFoundError)) {
          await this.failed(row.id, error.message);
        } else {
          this.logger.warn({ err: error, renderId: row.id }, 'a waiting render could not be looked at');
        }
      }
    }
    return started;
  }

  private async advance(row: RenderRow, now: number): Promise<boolean> {
    const owner = ownerActor(row);
    const project = await this.projects.get(owner, row.projectId);
    const input = await this.inputs.videoProps(owner, project);
    if (!input.ready) {
      const progress = input.photosReady / input.photos;
      if (progress > row.progress) {
        if (await this.renders.moveStatus(this.database, row.id, 'pending', 'pending', { progress }))
          await this.push({ ...row, progress });
      } else if (row.progressedAt.getTime() < now - this.stallMs / 2) {
        await this.failed(row.id, renderMessages.missingData);
      }
      return false;
    }
    const planned = await this.planner.record(row.id, project, this.planner.plan(input.props, input.tracks), {
      fromPending: true,
    });
    if (!planned) return false;
    this.logQueued(planned);
    await this.push(planned);
    return true;
  }

  private logQueued(row: RenderRow): void {
    const reused = row.chunks.filter((chunk) => chunk.doneAt !== null).length;
    this.logger.info({ renderId: row.id, chunks: row.chunks.length, reused }, 'render queued');
  }

  /** Renders silent since then are stalled: neither reused nor left running. */
  private stalledBefore(now = Date.now()): Date {
    return new Date(now - this.stallMs);
  }

  /** A worker took a chunk of a queued render: it is preparing (Chromium, the page, the photos) until a chunk is stored. */
  async chunkStarted(renderId: string): Promise<void> {
    const moved = await this.renders.moveStatus(this.database, renderId, 'queued', 'preparing');
    if (!moved) {
      // Another chunk of a render under way taken: it still moves, whatever the watchdog thinks.
      await this.renders.touch(this.database, renderId);
      return;
    }
    const row = await this.renders.getById(this.database, renderId);
    if (row) await this.push(row);
  }

  async progress(actor: Actor, renderId: string): Promise<RenderProgress> {
    const row = await this.renders.getById(this.database, renderId);
    if (!row || !mayRead(actor, row)) throw new NotFoundError(renderMessages.renderNotFound);
    return this.progressOf(row, { signDownload: true });
  }

  /**
   * A worker took a chunk: the render's photo URLs signed now, asked of media as the owner. A photo
   * edited since (another derivative) keeps the URL the chunk's hash names.
   */
  async chunkPhotos(actor: Actor, renderId: string): Promise<{ urls: string[] }> {
    requireSystem(actor);
    const row = await this.renders.getById(this.database, renderId);
    if (!row) throw new NotFoundError(renderMessages.renderNotFound);
    const { photos } = row.props as MemoreelVideoProps;
    const signed = await passRemoteErrors(() =>
      this.bus.request(getPhotoUrls, ownerActor(row), { ids: photos.map((photo) => photo.id) }),
    );
    const fresh = new Map(signed.photos.map((entry) => [entry.id, entry.urls?.video ?? null]));
    return {
      urls: photos.map((photo) => {
        const url = fresh.get(photo.id);
        const same = url && photoContentKeyFromUrl({ ...photo, url }) === photoContentKeyFromUrl(photo);
        return same ? url : photo.url;
      }),
    };
  }

  async list(actor: Actor, projectId: string): Promise<RenderProgress[]> {
    await this.ownProject(actor, projectId);
    // The kept ones: the latest 5, and each other format's last video (RenderCleanup.keepLatest).
    const rows = await this.renders.listOfProject(
      this.database,
      projectId,
      RENDERS_KEPT_PER_PROJECT + VIDEO_FORMAT_IDS.length,
    );
    return Promise.all(rows.map((row) => this.progressOf(row, { signDownload: true })));
  }

  /**
   * A worker stored a chunk: when it was the last, the stitch is queued. Redelivered reports change
   * nothing; a chunk of a render deleted meanwhile is deleted too unless another render uses it.
   */
  async chunkDone(renderId: string, chunkIndex: number, hash: string): Promise<void> {
    const changed = await this.renders.markChunkDone(this.database, renderId, chunkIndex, true);
    const row = await this.renders.getById(this.database, renderId);
    if (!row) {
      await this.cleanup.deleteUnreferencedChunks([hash]);
      return;
    }
    if (isFinished(row.status)) return;
    if (row.chunks.every((chunk) => chunk.doneAt !== null)) {
      const stitching = await this.queueStitch(row);
      if (stitching) await this.push(stitching);
      return;
    }
    if (!changed) return;
    const progress = CHUNKS_SHARE * share(row);
    const renderingAt = row.renderingAt ?? new Date();
    // Only while it runs: a render failed meanwhile (dead letter, watchdog) stays failed.
    const moved = await this.renders.moveStatus(
      this.database,
      renderId,
      ['queued', 'preparing', 'rendering'],
      'rendering',
      { progress, renderingAt },
    );
    if (moved) await this.push({ ...row, status: 'rendering', progress, renderingAt });
  }

  /** A worker stored the final MP4. A render deleted meanwhile (its project was) leaves no file behind. */
  async stitched(renderId: string, key: string, bytes: number): Promise<void> {
    const row = await this.renders.getById(this.database, renderId);
    if (!row) {
      await this.storage.delete(RENDERS_BUCKET, key);
      return;
    }
    if (row.status === 'completed') return;
    const done = {
      status: 'completed',
      progress: 1,
      storageKey: key,
      sizeBytes: bytes,
      completedAt: new Date(),
      error: null,
    };
    await this.renders.update(this.database, renderId, done);
    rendersEnded.inc({ outcome: 'finished' });
    this.logger.info({ renderId, bytes }, 'render completed');
    await this.push({ ...row, ...done });
  }

  /** Fails a running render (a worker gave up, its job was dead-lettered, it stalled); an ended one stays as it is. */
  async failed(renderId: string, error: string, options: { silentSince?: Date } = {}): Promise<void> {
    const row = await this.renders.getById(this.database, renderId);
    if (!row) return;
    const moved = await this.renders.moveStatus(
      this.database,
      renderId,
      [...RUNNING],
      'failed',
      { error },
      options,
    );
    if (!moved) return;
    rendersEnded.inc({ outcome: 'failed' });
    this.logger.warn({ renderId, error }, 'render failed');
    await this.push({ ...row, status: 'failed', error });
  }

  /** The watchdog's round: every running render silent for the stall time fails, and can be started again. */
  async failStalled(now = Date.now()): Promise<number> {
    const before = this.stalledBefore(now);
    const silent = await this.renders.silentSince(this.database, before);
    for (const { id } of silent) await this.failed(id, renderMessages.interrupted, { silentSince: before });
    return silent.length;
  }

  /** Every chunk is stored: the render moves to encoding and its stitch is recorded, once. Null when it had moved on. */
  private async queueStitch(row: RenderRow): Promise<RenderRow | null> {
    const queued = await this.database.$transaction(async (tx) => {
      const moved = await this.renders.moveStatus(
        tx,
        row.id,
        ['queued', 'preparing', 'rendering'],
        'encoding',
        {
          progress: CHUNKS_SHARE,
        },
      );
      if (moved) await recordStitch(tx, row);
      return moved;
    });
    return queued ? { ...row, status: 'encoding', progress: CHUNKS_SHARE } : null;
  }

  /** The actor's own project: an admin reads anyone's, but renders only their own. */
  private async ownProject(actor: Actor, projectId: string): Promise<Project> {
    const userId = requireSignedIn(actor);
    const project = await this.projects.get(actor, projectId);
    return ownedOrNotFound(project, (found) => found.userId, userId, projectMessages.notFound);
  }

  private async videoStored(row: RenderRow): Promise<boolean> {
    return row.storageKey !== null && (await this.storage.stat(RENDERS_BUCKET, row.storageKey)) !== null;
  }

  /** Pushes the render's state to its owner's browser (best effort) and answers it. */
  private async push(row: RenderRow): Promise<RenderProgress> {
    const progress = await this.progressOf(row);
    await this.bus.publishLive(renderProgressChanged, progress).catch((error: unknown) => {
      this.logger.warn({ err: error, renderId: row.id }, 'render progress push failed');
    });
    return progress;
  }

  private async progressOf(
    row: RenderRow,
    options: { signDownload?: boolean } = {},
  ): Promise<RenderProgress> {
    const downloadUrl =
      options.signDownload && row.status === 'completed' && row.storageKey
        ? await this.storage.presignGet(RENDERS_BUCKET, row.storageKey, {
            expiresInSeconds: RENDER_DOWNLOAD_URL_SECONDS,
            downloadName: downloadName(row.projectName, row.completedAt ?? row.createdAt),
          })
        : null;
    return {
      renderId: row.id,
      projectId: row.projectId,
      userId: row.userId,
      status: row.status as RenderStatus,
      progress: row.progress,
      error: row.error,
      downloadUrl,
      estimatedTimeRemaining: estimatedSecondsLeft(row),
      createdAt: row.createdAt.toISOString(),
      ...renderSize(row),
    };
  }
}
