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
import { projectMessages } from '@memoreel/domain';
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
import {
  type Chunking,
  chunkPlan,
  DEFAULT_CHUNKING,
  type MemoreelVideoProps,
  photoContentKeyFromUrl,
} from '@memoreel/video/chunks';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { RenderDatabase } from '../database/render-database.js';
import { rendersEnded } from '../render.metrics.js';
import { projectVersion } from './project-version.js';
import { RenderInputs } from './render-inputs.js';
import { recordChunkJobs, recordStitch } from './render-jobs.js';
import {
  CHUNKS_SHARE,
  downloadName,
  estimatedSecondsLeft,
  isFinished,
  mayRead,
  share,
} from './render-progress.js';
import { chunkKey, RENDERS_BUCKET, RenderStorage, videoKey } from './render-storage.js';
import { type RenderRow, RendersRepository, RUNNING } from './renders.repository.js';

/** A render silent this long (no chunk taken or stored, no stitch) is failed: `RENDER_STALL_SECONDS`. */
const DEFAULT_STALL_SECONDS = 600;
/** Room for looking up a video's chunk files (S3 stats) inside the transaction that plans it. */
const PLAN_TIMEOUT_MS = 30_000;

/**
 * Renders of projects (decision 0015): plans a video in chunks, queues the chunks the storage does
 * not hold yet for the render workers (through the outbox, with the row), records their reports,
 * queues the stitch, fails a render whose jobs were lost or that stalled, and keeps the latest 5.
 */
@Injectable()
export class RendersService {
  /** Cut at the photos, or every `RENDER_CHUNK_FRAMES` frames when that is set (tests use it to get several chunks of one photo). */
  private readonly chunking: Chunking;
  /** How long a running render may go without moving before the watchdog fails it. */
  readonly stallMs: number;

  constructor(
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
    private readonly database: RenderDatabase,
    private readonly renders: RendersRepository,
    private readonly renderStorage: RenderStorage,
    private readonly inputs: RenderInputs,
    private readonly bus: BusClient,
    private readonly projects: ProjectsLookup,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.chunking = Number(context.env.RENDER_CHUNK_FRAMES) || DEFAULT_CHUNKING;
    this.stallMs = (Number(context.env.RENDER_STALL_SECONDS) || DEFAULT_STALL_SECONDS) * 1000;
  }

  private get storage() {
    return this.renderStorage.storage;
  }

  /** Owner only. Answers the completed (or running) render of an unchanged project instead of starting another. */
  async start(
    actor: Actor,
    projectId: string,
  ): Promise<{ renderId: string; reused: boolean; initialProgress: RenderProgress }> {
    const project = await this.ownProject(actor, projectId);
    if (project.product === 'free') {
      throw new DomainError(renderErrorCodes.upgradeRequired, renderMessages.upgradeRequired);
    }
    const { props, tracks } = await this.inputs.videoProps(actor, project);
    const chunks = chunkPlan(props, this.chunking);
    const version = projectVersion(chunks, tracks);
    const existing = await this.renders.latestOfVersion(
      this.database,
      projectId,
      version,
      this.stalledBefore(),
    );
    if (existing && (existing.status !== 'completed' || (await this.videoStored(existing)))) {
      return { renderId: existing.id, reused: true, initialProgress: await this.progressOf(existing) };
    }
    const id = randomUUID();
    // The row, which chunks it still needs, and their jobs commit together: a crash at any point
    // leaves nothing, or a render whose jobs the outbox relay queues.
    const row = await this.database.$transaction(
      async (tx) => {
        // A clean-up deciding on these files waits for the commit, so a file found now stays.
        await this.renders.lockChunkFiles(
          tx,
          chunks.map((chunk) => chunk.hash),
          'shared',
        );
        const stored = await Promise.all(
          chunks.map(
            async (chunk) => (await this.storage.stat(RENDERS_BUCKET, chunkKey(chunk.hash))) !== null,
          ),
        );
        const doneAt = new Date();
        const allStored = stored.every(Boolean);
        const created = await this.renders.create(tx, {
          id,
          projectId,
          userId: project.userId,
          projectName: project.name,
          projectVersion: version,
          status: allStored ? 'encoding' : 'queued',
          progress: allStored ? CHUNKS_SHARE : 0,
          props,
          chunks: {
            create: chunks.map((chunk, i) => ({
              chunkIndex: chunk.index,
              hash: chunk.hash,
              frameFrom: chunk.frameRange[0],
              frameTo: chunk.frameRange[1],
              doneAt: stored[i] ? doneAt : null,
            })),
          },
        });
        if (allStored) await recordStitch(tx, created);
        else
          await recordChunkJobs(
            tx,
            created,
            created.chunks.filter((chunk) => chunk.doneAt === null),
          );
        return created;
      },
      { timeout: PLAN_TIMEOUT_MS },
    );
    const reused = row.chunks.filter((chunk) => chunk.doneAt !== null).length;
    this.logger.info({ renderId: id, chunks: row.chunks.length, reused }, 'render queued');
    await this.keepLatest(projectId);
    return { renderId: id, reused: false, initialProgress: await this.push(row) };
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
    const rows = await this.renders.listOfProject(this.database, projectId, RENDERS_KEPT_PER_PROJECT);
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
      await this.deleteUnreferencedChunks([hash]);
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

  /** The project is gone: its renders and their videos go too, and the chunks no kept render uses. */
  async deleteForProject(projectId: string): Promise<number> {
    const rows = await this.renders.listOfProject(this.database, projectId);
    await this.deleteRenders(rows);
    return rows.length;
  }

  private async keepLatest(projectId: string): Promise<void> {
    const rows = await this.renders.listOfProject(this.database, projectId);
    await this.deleteRenders(rows.slice(RENDERS_KEPT_PER_PROJECT));
  }

  private async deleteRenders(rows: RenderRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.renders.deleteMany(
      this.database,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      await this.storage.delete(RENDERS_BUCKET, row.storageKey ?? videoKey(row.projectId, row.id));
    }
    await this.deleteUnreferencedChunks(rows.flatMap((row) => row.chunks.map((chunk) => chunk.hash)));
  }

  /**
   * Chunks are shared by content between renders (of any project): a chunk file goes once no kept
   * render names it. Under the files' locks, so a render being started either finds a file that
   * stays or commits first and keeps it.
   */
  private async deleteUnreferencedChunks(hashes: string[]): Promise<void> {
    const candidates = [...new Set(hashes)];
    if (candidates.length === 0) return;
    const unused = await this.database.$transaction(
      async (tx) => {
        await this.renders.lockChunkFiles(tx, candidates, 'exclusive');
        const used = new Set(await this.renders.referencedHashes(tx, candidates));
        const unused = candidates.filter((hash) => !used.has(hash));
        for (const hash of unused) await this.storage.delete(RENDERS_BUCKET, chunkKey(hash));
        return unused;
      },
      { timeout: PLAN_TIMEOUT_MS },
    );
    if (unused.length > 0) this.logger.info({ chunks: unused.length }, 'unused chunks deleted');
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
    };
  }
}
