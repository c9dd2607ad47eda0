import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkPhotoEditWanted,
  type DataOf,
  type EventContract,
  type EventEnvelope,
  photoEditFailed,
  photoEditFinished,
  photoEditProgressed,
  runPhotoEdit,
  SYSTEM,
} from '@memoreel/contracts';
import {
  BUS,
  type Bus,
  BusClient,
  type BusHandlerExtras,
  buildEvent,
  createStorage,
  EventDeliveryContext,
  LOGGER,
  loadConfig,
  reportError,
  SERVICE_CONTEXT,
  type ServiceContext,
  type Storage,
  storageEnvironment,
} from '@memoreel/platform';
import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { PHOTO_EDITING, type PhotoEditing } from '../editing/photo-editing.js';

/** The photos bucket (media's): sources are read from it, results written beside them. */
export const PHOTOS_BUCKET = 'photos';
/** Three tries: a crashed or killed worker's job goes to another (or the same, restarted). */
export const PHOTO_EDIT_DELIVERIES = 3;
/** One edit at a time per worker: a burst queues on the stream instead of exhausting memory. */
const AS_JOB: BusHandlerExtras = {
  queue: 'jobs',
  maxDeliver: PHOTO_EDIT_DELIVERIES,
  backoffMs: [1_000, 5_000],
  concurrency: 1,
};
/** The ack wait is 60 s on NATS: say "still working" four times within it. */
const HEARTBEAT_MS = 15_000;
/** Progress reports at most this often (each is a durable event). */
const PROGRESS_EVERY_MS = 1_000;

/**
 * Runs one AI edit: reads the photo, runs the model (in-progress acks keep the delivery while it
 * runs), writes the PNG to its fixed key (a redelivery writes the same object) and reports to media.
 */
@Controller()
export class RunPhotoEditJob implements OnModuleInit {
  private readonly storage: Storage;

  constructor(
    @Inject(PHOTO_EDITING) private readonly editing: PhotoEditing,
    @Inject(SERVICE_CONTEXT) context: ServiceContext,
    @Inject(BUS) private readonly bus: Bus,
    // Names this worker as the sender of its requests (its bus identity's allow-list).
    private readonly client: BusClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.storage = createStorage(loadConfig(storageEnvironment, context.env));
  }

  async onModuleInit() {
    await this.storage.ensureBuckets([PHOTOS_BUCKET]);
  }

  @EventPattern<string>(runPhotoEdit.subject, AS_JOB)
  async handle(
    @Payload() job: EventEnvelope<DataOf<typeof runPhotoEdit>>,
    @Ctx() delivery: EventDeliveryContext,
  ): Promise<void> {
    const { editId, kind, sourceKey, resultKey, level } = job.data;
    this.logger.info({ editId, kind, level, delivery: delivery.deliveryCount }, 'photo edit');
    const dir = await mkdtemp(join(tmpdir(), 'memoreel-photo-edit-'));
    const beat = setInterval(() => delivery.working(), HEARTBEAT_MS);
    try {
      // Media is asked before each costly phase: a discarded or superseded edit never runs (further).
      if (!(await this.stillWanted(editId))) return;
      await this.publish(photoEditProgressed, { editId, progress: 0.05 });
      const input = join(dir, 'source');
      const output = join(dir, 'result.png');
      await writeFile(input, await this.read(sourceKey));
      if (!(await this.stillWanted(editId))) return;
      let reported = Date.now();
      const done = await this.editing.edit(
        kind,
        input,
        output,
        (progress) => {
          delivery.working();
          if (Date.now() - reported < PROGRESS_EVERY_MS) return;
          reported = Date.now();
          this.publish(photoEditProgressed, { editId, progress: Math.min(0.99, progress) }).catch(
            (err: unknown) => this.logger.warn({ err, editId }, 'progress report failed'),
          );
        },
        level,
      );
      if (!(await this.stillWanted(editId))) return;
      const png = await readFile(output);
      await this.storage.put(PHOTOS_BUCKET, resultKey, png, { contentType: 'image/png', size: png.length });
      await this.publish(photoEditFinished, {
        editId,
        resultKey,
        width: done.width,
        height: done.height,
        bytes: png.length,
        contentHash: createHash('sha256').update(png).digest('hex'),
        inferenceMs: done.inferenceMs,
      });
      this.logger.info({ editId, kind, ms: done.inferenceMs }, 'photo edit finished');
    } catch (error) {
      if (delivery.deliveryCount < PHOTO_EDIT_DELIVERIES) {
        this.logger.warn({ err: error, editId }, 'photo edit failed; it will be retried');
        throw error;
      }
      this.logger.error({ err: error, editId }, 'photo edit failed for good');
      // A retried edit was reported on its first failure (ReportHandlerErrors); this one never reached it.
      if (delivery.deliveryCount === 1) reportError(error, { subject: delivery.subject, editId });
      const reason = error instanceof Error ? error.message : String(error);
      await this.publish(photoEditFailed, { editId, reason });
    } finally {
      clearInterval(beat);
      await rm(dir, { recursive: true, force: true });
    }
  }

  private async stillWanted(editId: string): Promise<boolean> {
    const { wanted } = await this.client.request(checkPhotoEditWanted, SYSTEM, { editId });
    if (!wanted) this.logger.info({ editId }, 'photo edit no longer wanted; skipped');
    return wanted;
  }

  private async read(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.get(PHOTOS_BUCKET, key)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** No database here: reports go straight to the bus (a failed publish fails the job, which is retried). */
  private async publish<C extends EventContract>(contract: C, data: z.input<C['data']>): Promise<void> {
    const event = buildEvent(contract, SYSTEM, data);
    await this.bus.publishEvent(contract.subject, event, { msgId: event.id });
  }
}
