import { mediaPhotoDeleted, photoDeleted } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { PhotoCleanupService } from './photo-cleanup.service.js';

const CONSUMER = 'delete-object-when-photo-deleted';

/** A photo deleted in its project (by projects, or by media since it owns the photo): its object and thumbnails are removed, once. */
export const DeleteObjectWhenPhotoDeleted = eventHandlers(PhotoCleanupService, (on) => [
  on(photoDeleted, (cleanup, event) =>
    cleanup.deletePhoto({ id: event.id, consumer: CONSUMER }, event.data.id),
  ),
  on(mediaPhotoDeleted, (cleanup, event) =>
    cleanup.deletePhoto({ id: event.id, consumer: CONSUMER }, event.data.id),
  ),
]);
