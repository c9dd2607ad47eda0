import { projectDeleted } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { PhotoCleanupService } from './photo-cleanup.service.js';

const CONSUMER = 'delete-objects-when-project-deleted';

/** A deleted project takes every object under `{projectId}/` with it; a redelivery changes nothing. */
export const DeleteObjectsWhenProjectDeleted = eventHandlers(PhotoCleanupService, (on) => [
  on(projectDeleted, (cleanup, event) =>
    cleanup.deleteProject({ id: event.id, consumer: CONSUMER }, event.data.id),
  ),
]);
