import { photoDeleted } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { PhotoEditCleanupService } from './photo-edit-cleanup.service.js';

/** A photo deleted from its project: its edits (rows and result objects) go too; a redelivery finds none. */
export const DeleteEditsWhenPhotoDeleted = eventHandlers(PhotoEditCleanupService, (on) => [
  on(photoDeleted, (cleanup, event) => cleanup.deleteEdits({ photoId: event.data.id })),
]);
