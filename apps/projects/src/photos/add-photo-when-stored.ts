import { photoStored } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { PendingPhotosService } from './pending-photos.service.js';
import { PhotosService } from './photos.service.js';

const CONSUMER = 'add-photo-when-stored';

/** Media verified and stored an upload: the project gets its photo row, last in order, once. */
export const AddPhotoWhenStored = eventHandlers(
  { photos: PhotosService, pending: PendingPhotosService },
  (on) => [
    on(photoStored, async ({ photos, pending }, event) => {
      await photos.addStored({ id: event.id, consumer: CONSUMER, data: event.data });
      // A friend's photo arrived pending: the owner's bell hears of it (after commit).
      const { submittedBy, userId, projectId } = event.data;
      if (submittedBy && submittedBy !== userId) await pending.announce(userId, projectId);
    }),
  ],
);
