import { RENDERS_KEPT_PER_PROJECT, rendersDeleted } from '@memoreel/contracts';
import { BusClient, LOGGER } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { RenderDatabase } from '../database/render-database.js';
import { PLAN_TIMEOUT_MS } from './render-planner.js';
import { renderSize } from './render-progress.js';
import { audioKey, chunkKey, RENDERS_BUCKET, RenderStorage, videoKey } from './render-storage.js';
import { type RenderRow, RendersRepository } from './renders.repository.js';

/** What goes when renders go: their rows, their videos, and the chunk files no kept render names. */
@Injectable()
export class RenderCleanup {
  constructor(
    private readonly database: RenderDatabase,
    private readonly renders: RendersRepository,
    private readonly renderStorage: RenderStorage,
    private readonly bus: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The project is gone: its renders and their videos go too, and the chunks no kept render uses. */
  async deleteForProject(projectId: string): Promise<number> {
    const rows = await this.renders.listOfProject(this.database, projectId);
    await this.deleteRenders(rows);
    return rows.length;
  }

  /**
   * Keeps the project's latest renders (spec: 5), and each format's latest completed video however
   * old, and deletes the rest with their files.
   */
  async keepLatest(projectId: string): Promise<void> {
    const rows = await this.renders.listOfProject(this.database, projectId);
    await this.deleteRenders(rows.filter((row, index) => !kept(rows, row, index)));
  }

  /**
   * The renders, their videos, music mixed for them and unused chunks go; workers hear of it, so they
   * draw none of their chunks.
   */
  private async deleteRenders(rows: RenderRow[]): Promise<void> {
    if (rows.length === 0) return;
    const renderIds = rows.map((row) => row.id);
    await this.renders.deleteMany(this.database, renderIds);
    await this.bus.publishLive(rendersDeleted, { renderIds }).catch((error: unknown) => {
      // Only saves work: a worker that did not hear draws the chunk, and its report deletes it.
      this.logger.warn({ err: error }, 'workers not told of deleted renders');
    });
    for (const row of rows) {
      await this.renderStorage.storage.delete(
        RENDERS_BUCKET,
        row.storageKey ?? videoKey(row.projectId, row.id),
      );
      // A stitch deletes its render's mix; one not stitched yet (or mixed after) goes here.
      await this.renderStorage.storage.delete(RENDERS_BUCKET, audioKey(row.id));
    }
    await this.deleteUnreferencedChunks(rows.flatMap((row) => row.chunks.map((chunk) => chunk.hash)));
  }

  /**
   * Chunks are shared by content between renders (of any project): a chunk file goes once no kept
   * render names it. Under the files' locks, so a render being started either finds a file that
   * stays or commits first and keeps it.
   */
  async deleteUnreferencedChunks(hashes: string[]): Promise<void> {
    const candidates = [...new Set(hashes)];
    if (candidates.length === 0) return;
    const unused = await this.database.$transaction(
      async (tx) => {
        await this.renders.lockChunkFiles(tx, candidates, 'exclusive');
        const used = new Set(await this.renders.referencedHashes(tx, candidates));
        const unused = candidates.filter((hash) => !used.has(hash));
        for (const hash of unused) await this.renderStorage.storage.delete(RENDERS_BUCKET, chunkKey(hash));
        return unused;
      },
      { timeout: PLAN_TIMEOUT_MS },
    );
    if (unused.length > 0) this.logger.info({ chunks: unused.length }, 'unused chunks deleted');
  }
}

/** One of the newest renders, or the newest completed one of its format (`rows` newest first). */
function kept(rows: readonly RenderRow[], row: RenderRow, index: number): boolean {
  if (index < RENDERS_KEPT_PER_PROJECT) return true;
  if (row.status !== 'completed') return false;
  const { width, height } = renderSize(row);
  const newest = rows.find((other) => {
    const size = renderSize(other);
    return other.status === 'completed' && size.width === width && size.height === height;
  });
  return newest === row;
}
