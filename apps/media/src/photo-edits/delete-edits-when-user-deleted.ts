import { userDeleted } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { PhotoEditCleanupService } from './photo-edit-cleanup.service.js';

/**
 * A user is gone: every edit of theirs goes now, not only as their projects' deletions arrive
 * (an edit outlives nothing of its owner's); a redelivery finds none.
 */
export const DeleteEditsWhenUserDeleted = eventHandlers(PhotoEditCleanupService, (on) => [
  on(userDeleted, (cleanup, event) => cleanup.deleteEdits({ userId: event.data.userId })),
]);
