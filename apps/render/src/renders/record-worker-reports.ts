import {
  chunkRendered,
  chunkStarted,
  type EventEnvelopeOf,
  renderFailed,
  videoStitched,
} from '@memoreel/contracts';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { RendersService } from './renders.service.js';

/** The render workers' reports move renders along; each is idempotent (a redelivery finds its effect done). */
@Controller()
export class RecordWorkerReports {
  constructor(private readonly renders: RendersService) {}

  @EventPattern<string>(chunkStarted.subject)
  chunkStarted(@Payload() event: EventEnvelopeOf<typeof chunkStarted>): Promise<void> {
    return this.renders.chunkStarted(event.data.renderId);
  }

  @EventPattern<string>(chunkRendered.subject)
  chunkRendered(@Payload() event: EventEnvelopeOf<typeof chunkRendered>): Promise<void> {
    return this.renders.chunkDone(event.data.renderId, event.data.chunkIndex, event.data.hash);
  }

  @EventPattern<string>(videoStitched.subject)
  videoStitched(@Payload() event: EventEnvelopeOf<typeof videoStitched>): Promise<void> {
    return this.renders.stitched(event.data.renderId, event.data.key, event.data.bytes);
  }

  @EventPattern<string>(renderFailed.subject)
  renderFailed(@Payload() event: EventEnvelopeOf<typeof renderFailed>): Promise<void> {
    return this.renders.failed(event.data.renderId, event.data.error);
  }
}
