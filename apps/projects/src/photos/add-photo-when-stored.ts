import { photoStored } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { PhotosService } from './photos.service.js';

const CONSUMER = 'add-photo-when-stored';

/**
 * Media verified and stored an upload: the project gets its copy of the photo, which the plan's quota
 * counts (media, the photo's home, tells the owner's bell of a friend's).
 */
export const AddPhotoWhenStored = eventHandlers(PhotosService, (on) => [
  on(photoStored, (photos, event) =>
    photos.addStored({ id: event.id, consumer: CONSUMER, data: event.data }),
  ),
]);
