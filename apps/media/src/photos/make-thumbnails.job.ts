import { makePhotoThumbnails } from '@memoreel/contracts';
import { type BusHandlerExtras, eventHandlers } from '@memoreel/platform';
import { ImageJobsService } from './image-jobs.service.js';

/**
 * Two photos at a time per instance: one photo's decode and encodes leave a core idle part of the time
 * (the thumbnail and derivative jobs used to run side by side; the one job now does both).
 */
const AS_JOB: BusHandlerExtras = { queue: 'jobs', concurrency: 2 };

/**
 * A stored photo's thumbnails and video derivative are made here, from one decode, off the request
 * path, by whichever media instance takes the job.
 */
export const MakeThumbnailsJob = eventHandlers(ImageJobsService, (on) => [
  on(makePhotoThumbnails, (imageJobs, job) => imageJobs.makeThumbnails(job.data.id), AS_JOB),
]);
