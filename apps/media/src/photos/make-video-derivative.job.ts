import { makePhotoVideoDerivative } from '@memoreel/contracts';
import { type BusHandlerExtras, eventHandlers } from '@memoreel/platform';
import { ImageJobsService } from './image-jobs.service.js';

const AS_JOB: BusHandlerExtras = { queue: 'jobs' };

/** The 1920-px filtered derivative the video draws is made here, off the request path. */
export const MakeVideoDerivativeJob = eventHandlers(ImageJobsService, (on) => [
  on(makePhotoVideoDerivative, (imageJobs, job) => imageJobs.makeVideoDerivative(job.data.id), AS_JOB),
]);
