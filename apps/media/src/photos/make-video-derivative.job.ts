import { type DataOf, type EventEnvelope, makePhotoVideoDerivative } from '@memoreel/contracts';
import type { BusHandlerExtras } from '@memoreel/platform';
import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { ImageJobsService } from './image-jobs.service.js';

const AS_JOB: BusHandlerExtras = { queue: 'jobs' };

/** The 1920-px filtered derivative the video draws is made here, off the request path. */
@Controller()
export class MakeVideoDerivativeJob {
  constructor(private readonly imageJobs: ImageJobsService) {}

  @EventPattern<string>(makePhotoVideoDerivative.subject, AS_JOB)
  handle(@Payload() job: EventEnvelope<DataOf<typeof makePhotoVideoDerivative>>): Promise<void> {
    return this.imageJobs.makeVideoDerivative(job.data.id);
  }
}
