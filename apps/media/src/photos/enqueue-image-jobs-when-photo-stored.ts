import { photoStored } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { ImageJobsService } from './image-jobs.service.js';

/**
 * A stored photo gets its thumbnails and its video derivative: the event is durable (it committed
 * with the photo), so a crash between commit and enqueue cannot lose the jobs.
 */
export const EnqueueImageJobsWhenPhotoStored = eventHandlers(ImageJobsService, (on) => [
  on(photoStored, (imageJobs, event) => imageJobs.enqueueImageJobs(event.data)),
]);
