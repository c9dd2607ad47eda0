import { photoDeleted } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { PhotoCleanupService } from './photo-cleanup.service.js';

const CONSUMER = 'delete-object-when-photo-deleted';

/** A photo deleted from its project: its object, thumbnails and video derivative are removed, once. */
export const DeleteObjectWhenPhotoDeleted = eventHandlers(PhotoCleanupService, (on) => [
  on(photoDeleted, (cleanup, event) =>
    cleanup.deletePhoto({ id: event.id, consumer: CONSUMER }, event.data.id),
  ),
]);
