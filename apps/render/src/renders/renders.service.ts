import { createHash, randomUUID } from 'node:crypto';
import {
  type Actor,
  ErrorCodes,
  getPhotoUrls,
  getProject,
  listPhotos,
  type Project,
  RENDER_DOWNLOAD_URL_SECONDS,
  RENDERS_KEPT_PER_PROJECT,
  type RenderProgress,
  type RenderStatus,
  renderChunk,
  renderErrorCodes,
  renderMessages,
  renderProgressChanged,
  stitchVideo,
} from '@memoreel/contracts';
import {
  BusClient,
  DomainError,
  ForbiddenError,
  LOGGER,
  NotFoundError,
  RemoteError,
  SERVICE_CONTEXT,
  type ServiceContext,
  ValidationError,
} from '@memoreel/platform';
import {
  type Chunking,
  chunkPlan,
  DEFAULT_CHUNKING,
  type MemoreelVideoProps,
  photoContentKeyFromUrl,
  videoPropsFromProject,
} from '@memoreel/video/chunks';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { RenderDatabase } from '../database/render-database.js';
import { MUSIC_BUCKET, MusicStorage } from '../music/music-storage.js';
import { rendersEnded } from '../render.metrics.js';
import { projectVersion } from './project-version.js';
import { chunkKey, RENDERS_BUCKET, RenderStorage, videoKey } from './render-storage.js';
import { type RenderRow, RendersRepository } from './renders.repository.js';

/** Share of the progress bar the chunks fill; the stitch takes the rest. */
const CHUNKS_SHARE = 0.9;
/** Music URLs the stitch reads: long enough for a render that waits in a busy queue. */
const MUSIC_URL_SECONDS = 24 * 3600;

/**
 * Renders of projects (decision 0015): plans a video in chunks, queues the chunks the storage does
 * not hold yet for the render workers, records their reports, queues the stitch, and keeps the
 * latest 5 renders of a project.
 */
@Injectable()
export class RendersService {
  /** Cut at the photos, or every `RENDER_CHUNK_FRAMES` frames when that is set (tests use it to get several chunks of one photo). */
  private readonly chunking: Chunking;

  constructor(
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
    private readonly database: RenderDatabase,
    private readonly renders: RendersRepository,
    private readonly renderStorage: RenderStorage,
    private readonly musicStorage: MusicStorage,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.chunking = Number(context.env.RENDER_CHUNK_FRAMES) || DEFAULT_CHUNKING;
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
    const props = await this.videoProps(actor, project);
    const chunks = chunkPlan(props, this.chunking);
    const version = projectVersion(chunks, project.videoSettings.music.timelineTracks);
    const existing = await this.renders.latestOfVersion(this.database, projectId, version);
    if (existing && (existing.status !== 'completed' || (await this.videoStored(existing)))) {
      return { renderId: existing.id, reused: true, initialProgress: await this.progressOf(existing) };
    }
    const id = randomUUID();
    // Pending until its chunks are on the queue. The row names its chunks before their files are
    // looked at, so a cleanup of unreferenced chunks running meanwhile keeps them.
    const pending = await this.renders.create(this.database, {
      id,
      projectId,
      userId: project.userId,
      projectName: project.name,
      projectVersion: version,
      status: 'pending',
      props,
      chunks: {
        create: chunks.map((chunk) => ({
          chunkIndex: chunk.index,
          hash: chunk.hash,
          frameFrom: chunk.frameRange[0],
          frameTo: chunk.frameRange[1],
        })),
      },
    });
    await this.push(pending);
    let row: RenderRow;
    try {
      row = await this.queueChunks(actor, pending);
    } catch (error) {
      await this.failed(id, renderMessages.failed);
      throw error;
    }
    await this.keepLatest(projectId);
    return { renderId: id, reused: false, initialProgress: await this.push(row) };
  }

  /** Chunks stored already (by any render) are done; the rest go on the work queue, or the stitch does. */
  private async queueChunks(actor: Actor, row: RenderRow): Promise<RenderRow> {
    const stored = await Promise.all(
      row.chunks.map(
        async (chunk) => (await this.storage.stat(RENDERS_BUCKET, chunkKey(chunk.hash))) !== null,
      ),
    );
    const reused = row.chunks.filter((_, i) => stored[i]).map((chunk) => chunk.chunkIndex);
    const doneAt = new Date();
    await this.renders.markChunksReused(this.database, row.id, reused);
    const planned: RenderRow = {
      ...row,
      chunks: row.chunks.map((chunk, i) => (stored[i] ? { ...chunk, doneAt } : chunk)),
    };
    const toRender = planned.chunks.filter((chunk) => chunk.doneAt === null);
    await Promise.all(
      toRender.map((chunk) =>
        this.bus.enqueueJob(
          renderChunk,
          actor,
          {
            renderId: row.id,
            chunkIndex: chunk.chunkIndex,
            hash: chunk.hash,
            frameRange: [chunk.frameFrom, chunk.frameTo],
            props: row.props as MemoreelVideoProps,
          },
          { id: jobId(`${row.id}:chunk:${chunk.chunkIndex}`) },
        ),
      ),
    );
    this.logger.info({ renderId: row.id, chunks: row.chunks.length, reused: reused.length }, 'render queued');
    if (toRender.length === 0) return this.queueStitch(planned);
    await this.renders.moveStatus(this.database, row.id, 'pending', 'queued');
    return { ...planned, status: 'queued' };
  }

  /** A worker took a chunk of a queued render: it is preparing (Chromium, the page, the photos) until a chunk is stored. */
  async chunkStarted(renderId: string): Promise<void> {
    const moved = await this.renders.moveStatus(this.database, renderId, 'queued', 'preparing');
    if (!moved) return;
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
    if (actor.role !== 'system') throw new ForbiddenError('Only the render workers ask for this');
    const row = await this.renders.getById(this.database, renderId);
    if (!row) throw new NotFoundError(renderMessages.renderNotFound);
    const { photos } = row.props as MemoreelVideoProps;
    const owner: Actor = { userId: row.userId, role: 'user', isAnonymous: false };
    const signed = await this.bus
      .request(getPhotoUrls, owner, { ids: photos.map((photo) => photo.id) })
      .catch(rethrowRemote);
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
      await this.push(await this.queueStitch(row));
      return;
    }
    if (!changed) return;
    const progress = CHUNKS_SHARE * share(row);
    await this.renders.update(this.database, renderId, {
      status: 'rendering',
      progress,
      renderingAt: row.renderingAt ?? new Date(),
    });
    await this.push({ ...row, status: 'rendering', progress, renderingAt: row.renderingAt ?? new Date() });
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

  async failed(renderId: string, error: string): Promise<void> {
    const row = await this.renders.getById(this.database, renderId);
    if (!row || isFinished(row.status)) return;
    await this.renders.update(this.database, renderId, { status: 'failed', error });
    rendersEnded.inc({ outcome: 'failed' });
    this.logger.warn({ renderId, error }, 'render failed');
    await this.push({ ...row, status: 'failed', error });
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
   * render names it. A render started meanwhile names its chunks before it looks for their files.
   */
  private async deleteUnreferencedChunks(hashes: string[]): Promise<void> {
    const candidates = [...new Set(hashes)];
    if (candidates.length === 0) return;
    const used = new Set(await this.renders.referencedHashes(this.database, candidates));
    const unused = candidates.filter((hash) => !used.has(hash));
    for (const hash of unused) await this.storage.delete(RENDERS_BUCKET, chunkKey(hash));
    if (unused.length > 0) this.logger.info({ chunks: unused.length }, 'unused chunks deleted');
  }

  private async queueStitch(row: RenderRow): Promise<RenderRow> {
    const props = row.props as MemoreelVideoProps;
    await this.bus.enqueueJob(
      stitchVideo,
      { userId: row.userId, role: 'user', isAnonymous: false },
      {
        renderId: row.id,
        chunks: row.chunks.map((chunk) => ({
          hash: chunk.hash,
          frames: chunk.frameTo - chunk.frameFrom + 1,
        })),
        props,
        outputKey: videoKey(row.projectId, row.id),
      },
      { id: jobId(`${row.id}:stitch`) },
    );
    await this.renders.update(this.database, row.id, { status: 'encoding', progress: CHUNKS_SHARE });
    return { ...row, status: 'encoding', progress: CHUNKS_SHARE };
  }

  private async ownProject(actor: Actor, projectId: string): Promise<Project> {
    const project = await this.bus.request(getProject, actor, { id: projectId }).catch(rethrowRemote);
    if (project.userId !== actor.userId) throw new ForbiddenError('Unauthorized access');
    return project;
  }

  /** The composition's props: photos in order with their filtered derivatives, the settings, signed music. */
  private async videoProps(actor: Actor, project: Project): Promise<MemoreelVideoProps> {
    const { photos } = await this.bus
      .request(listPhotos, actor, { projectId: project.id })
      .catch(rethrowRemote);
    if (photos.length === 0) throw new ValidationError(renderMessages.missingData);
    const { photos: signed } = await this.bus
      .request(getPhotoUrls, actor, { ids: photos.map((photo) => photo.id) })
      .catch(rethrowRemote);
    const urls = new Map(signed.map((entry) => [entry.id, entry.urls]));
    const withUrls = photos.map((photo) => {
      const url = urls.get(photo.id);
      // A derivative of another filter than the photo's is not ready yet (media has not seen the change).
      if (!url?.video || url.videoFilter !== photo.filter)
        throw new ValidationError(renderMessages.missingData);
      return { id: photo.id, url: url.video, transforms: photo.transforms };
    });
    const music = new Map<string, string>();
    for (const track of project.videoSettings.music.timelineTracks) {
      music.set(
        track.storage_path,
        await this.musicStorage.storage.presignGet(MUSIC_BUCKET, track.storage_path, {
          expiresInSeconds: MUSIC_URL_SECONDS,
        }),
      );
    }
    return videoPropsFromProject({
      photos: withUrls,
      settings: project.videoSettings,
      musicUrl: (track) => music.get(track.storage_path) ?? track.storage_path,
    });
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

function mayRead(actor: Actor, row: RenderRow): boolean {
  return actor.role === 'admin' || (actor.userId !== null && actor.userId === row.userId);
}

function isFinished(status: string): boolean {
  return status === 'completed' || status === 'failed';
}

/** Share of the chunks stored. */
function share(row: RenderRow): number {
  return row.chunks.filter((chunk) => chunk.doneAt !== null).length / Math.max(1, row.chunks.length);
}

/**
 * From the pace of the chunks rendered since the first was taken: remaining chunks at that pace
 * plus a stitch of ~2 % of it. Null until a chunk has been rendered for this render.
 */
export function estimatedSecondsLeft(row: RenderRow, now = Date.now()): number | null {
  if (row.status === 'completed' || row.status === 'failed') return 0;
  const rendered = row.chunks.filter((chunk) => chunk.rendered && chunk.doneAt !== null).length;
  const left = row.chunks.filter((chunk) => chunk.doneAt === null).length;
  if (rendered === 0) return null;
  const perChunk = (now - row.createdAt.getTime()) / 1000 / rendered;
  return Math.max(1, Math.round(perChunk * left + perChunk * 0.2));
}

/** Spec §8: the project's name and a timestamp, ending .mp4. */
export function downloadName(projectName: string, at: Date): string {
  // Characters no file system takes in a name (and control characters) become spaces.
  const plain = [...projectName].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c));
  const safe = plain.join('').replace(/\s+/g, ' ').trim() || 'memoreel';
  const stamp = at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll(':', '-');
  return `${safe}-${stamp}.mp4`;
}

/** Jobs are envelopes with a UUID id, which is also the broker's dedup key: one per chunk of a render, one stitch. */
function jobId(name: string): string {
  const hex = createHash('sha256').update(name).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function rethrowRemote(error: unknown): never {
  if (error instanceof RemoteError && error.code !== ErrorCodes.internal) {
    throw new DomainError(error.code, error.message, error.details);
  }
  throw error;
}
