import { photoFilterChanged } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { ImageJobsService } from './image-jobs.service.js';

/** A photo's new filter is recorded and baked into a new video derivative (the old one goes once it exists). */
export const RemakeVideoDerivativeWhenFilterChanged = eventHandlers(ImageJobsService, (on) => [
  on(photoFilterChanged, (imageJobs, event) =>
    imageJobs.changeFilter({
      id: event.id,
      occurredAt: event.occurredAt,
      photoId: event.data.id,
      filter: event.data.filter,
    }),
  ),
]);
