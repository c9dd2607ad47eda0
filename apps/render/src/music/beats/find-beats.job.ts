import { type DataOf, type EventEnvelope, findTrackBeats } from '@memoreel/contracts';
import type { BusHandlerExtras } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { TrackBeatsService } from './track-beats.service.js';

/** One track at a time per instance: each analysis is a child process with its own decode. */
const AS_JOB: BusHandlerExtras = { queue: 'jobs', concurrency: 1 };

/** A library track's beats are found here, by whichever render instance takes the job. */
@Controller()
export class FindBeatsJob {
  constructor(private readonly beats: TrackBeatsService) {}

  @EventPattern<string>(findTrackBeats.subject, AS_JOB)
  handle(@Payload() job: EventEnvelope<DataOf<typeof findTrackBeats>>): Promise<void> {
    return this.beats.find(job.data.trackId);
  }
}
