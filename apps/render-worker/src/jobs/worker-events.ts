import { type EventContract, SYSTEM } from '@memoreel/contracts';
import { BUS, type Bus, buildEvent } from '@memoreel/platform';
import { Inject, Injectable } from '@nestjs/common';
import type { z } from 'zod';

/**
 * The worker's reports to the render service. The worker has no database, so it publishes its
 * events straight to the bus (a failed publish fails the job, which is redelivered; the service
 * takes a repeated report as done).
 */
@Injectable()
export class WorkerEvents {
  constructor(@Inject(BUS) private readonly bus: Bus) {}

  async publish<C extends EventContract>(contract: C, data: z.input<C['data']>): Promise<void> {
    const event = buildEvent(contract, SYSTEM, data);
    await this.bus.publishEvent(contract.subject, event, { msgId: event.id });
  }
}
