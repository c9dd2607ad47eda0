import { type DataOf, type EventEnvelope, findPhotoSubjects } from '@memoreel/contracts';
import type { BusHandlerExtras } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { PhotoSubjectsService } from './photo-subjects.service.js';

/** One photo at a time per instance: the detector has one worker thread. */
const AS_JOB: BusHandlerExtras = { queue: 'jobs', concurrency: 1 };

/** A stored photo's faces (or subject) are found here, by whichever media instance takes the job. */
@Controller()
export class FindSubjectsJob {
  constructor(private readonly subjects: PhotoSubjectsService) {}

  @EventPattern<string>(findPhotoSubjects.subject, AS_JOB)
  handle(@Payload() job: EventEnvelope<DataOf<typeof findPhotoSubjects>>): Promise<void> {
    return this.subjects.find(job.data.id);
  }
}
