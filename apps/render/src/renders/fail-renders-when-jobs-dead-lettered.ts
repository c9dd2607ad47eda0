import {
  type DataOf,
  type EventEnvelope,
  renderChunk,
  renderMessages,
  stitchVideo,
} from '@memoreel/contracts';
import type { BusHandlerExtras } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { RendersService } from './renders.service.js';

const DEAD_LETTERS: BusHandlerExtras = { queue: 'dead' };

/**
 * A render job every worker gave up on without a report (each delivery killed, out of memory, the
 * report itself lost) reaches the dead letters: its render fails with one text instead of waiting.
 */
@Controller()
export class FailRendersWhenJobsDeadLettered {
  constructor(private readonly renders: RendersService) {}

  @EventPattern<string>(renderChunk.subject, DEAD_LETTERS)
  chunkLost(@Payload() job: EventEnvelope<DataOf<typeof renderChunk>>): Promise<void> {
    return this.renders.failed(job.data.renderId, renderMessages.interrupted);
  }

  @EventPattern<string>(stitchVideo.subject, DEAD_LETTERS)
  stitchLost(@Payload() job: EventEnvelope<DataOf<typeof stitchVideo>>): Promise<void> {
    return this.renders.failed(job.data.renderId, renderMessages.interrupted);
  }
}
