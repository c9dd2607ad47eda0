import type { Project } from '@memoreel/contracts';
import type { TimelineTrack } from '@memoreel/domain';
import { SERVICE_CONTEXT, type ServiceContext } from '@memoreel/platform';
import {
  type Chunking,
  chunkPlan,
  DEFAULT_CHUNKING,
  type MemoreelVideoProps,
  type PlannedChunk,
} from '@memoreel/video/chunks';
import { Inject, Injectable } from '@nestjs/common';
import { RenderDatabase, type RenderTransaction } from '../database/render-database.js';
import { projectVersion } from './project-version.js';
import { recordChunkJobs, recordStitch } from './render-jobs.js';
import { CHUNKS_SHARE } from './render-progress.js';
import { chunkKey, RENDERS_BUCKET, RenderStorage } from './render-storage.js';
import { type RenderRow, RendersRepository } from './renders.repository.js';

/** Room for looking up a video's chunk files (S3 stats) inside the transaction that plans it. */
export const PLAN_TIMEOUT_MS = 30_000;

/** A video cut into chunks, and the version that names it (an unchanged project reuses its render). */
export type RenderPlan = { props: MemoreelVideoProps; chunks: PlannedChunk[]; version: string };

/**
 * Plans a render (decision 0015) and records it: the row, which chunks it still needs and their jobs
 * commit together, so a crash at any point leaves nothing, or a render whose jobs the outbox relay
 * queues. A render that waited for its photos (`pending`) is planned into its own row.
 */
@Injectable()
export class RenderPlanner {
  /** Cut at the photos, or every `RENDER_CHUNK_FRAMES` frames when that is set (tests use it to get several chunks of one photo). */
  private readonly chunking: Chunking;

  constructor(
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
    private readonly database: RenderDatabase,
    private readonly renders: RendersRepository,
    private readonly renderStorage: RenderStorage,
  ) {
    this.chunking = Number(context.env.RENDER_CHUNK_FRAMES) || DEFAULT_CHUNKING;
  }

  plan(props: MemoreelVideoProps, tracks: readonly TimelineTrack[]): RenderPlan {
    const chunks = chunkPlan(props, this.chunking);
    return { props, chunks, version: projectVersion(chunks, tracks) };
  }

  /**
   * Records the render `id` of `plan`: a new row, or (`fromPending`) the waiting one, moved on only
   * if it still waits — null when another instance planned it first. Chunks some render already
   * stored are done at once; with all of them stored the stitch is queued straight away.
   */
  async record(
    id: string,
    project: Project,
    plan: RenderPlan,
    options: { fromPending?: boolean } = {},
  ): Promise<RenderRow | null> {
    const { props, chunks, version } = plan;
    return this.database.$transaction(
      async (tx) => {
        // A clean-up deciding on these files waits for the commit, so a file found now stays.
        await this.renders.lockChunkFiles(
          tx,
          chunks.map((chunk) => chunk.hash),
          'shared',
        );
        const stored = await Promise.all(
          chunks.map(
            async (chunk) =>
              (await this.renderStorage.storage.stat(RENDERS_BUCKET, chunkKey(chunk.hash))) !== null,
          ),
        );
        const doneAt = new Date();
        const allStored = stored.every(Boolean);
        const fields = {
          projectVersion: version,
          status: allStored ? 'encoding' : 'queued',
          progress: allStored ? CHUNKS_SHARE : 0,
          props,
        };
        const chunkRows = chunks.map((chunk, i) => ({
          chunkIndex: chunk.index,
          hash: chunk.hash,
          frameFrom: chunk.frameRange[0],
          frameTo: chunk.frameRange[1],
          doneAt: stored[i] ? doneAt : null,
        }));
        const row = options.fromPending
          ? await this.fillPending(tx, id, fields, chunkRows)
          : await this.renders.create(tx, {
              id,
              projectId: project.id,
              userId: project.userId,
              projectName: project.name,
              ...fields,
              chunks: { create: chunkRows },
            });
        if (!row) return null;
        if (allStored) await recordStitch(tx, row);
        else
          await recordChunkJobs(
            tx,
            row,
            row.chunks.filter((chunk) => chunk.doneAt === null),
          );
        return row;
      },
      { timeout: PLAN_TIMEOUT_MS },
    );
  }

  private async fillPending(
    tx: RenderTransaction,
    id: string,
    fields: { projectVersion: string; status: string; progress: number; props: MemoreelVideoProps },
    chunkRows: {
      chunkIndex: number;
      hash: string;
      frameFrom: number;
      frameTo: number;
      doneAt: Date | null;
    }[],
  ): Promise<RenderRow | null> {
    const { status, ...rest } = fields;
    const moved = await this.renders.moveStatus(tx, id, 'pending', status, rest);
    if (!moved) return null;
    await tx.renderChunk.createMany({ data: chunkRows.map((chunk) => ({ ...chunk, renderId: id })) });
    return this.renders.getById(tx, id);
  }
}
