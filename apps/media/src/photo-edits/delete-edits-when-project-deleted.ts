import { projectDeleted } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { PhotoEditCleanupService } from './photo-edit-cleanup.service.js';

/** A deleted project takes its photos' edits (rows and result objects) with it; a redelivery finds none. */
export const DeleteEditsWhenProjectDeleted = eventHandlers(PhotoEditCleanupService, (on) => [
  on(projectDeleted, (cleanup, event) => cleanup.deleteEdits({ projectId: event.data.id })),
]);
