import { mediaPhotoDeleted } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { PhotosService } from './photos.service.js';

const CONSUMER = 'forget-photo-when-deleted-in-media';

/**
 * Media, the photo's home, deleted a photo (its owner did, or rejected a friend's): projects' copy,
 * which the plan's quota still counts until the intake moves (docs/plans/photo-move.md C5), goes too.
 */
export const ForgetPhotoWhenDeletedInMedia = eventHandlers(PhotosService, (on) => [
  on(mediaPhotoDeleted, (photos, event) =>
    photos.forgetDeleted({ id: event.id, consumer: CONSUMER, data: event.data }),
  ),
]);
