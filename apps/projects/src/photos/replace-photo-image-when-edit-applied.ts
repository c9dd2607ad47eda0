import { photoReplaced } from '@memoreel/contracts';
import { eventHandlers, runOnce } from '@memoreel/platform';
import { ProjectsDatabase } from '../database/projects-database.js';

const CONSUMER = 'replace-photo-image-when-edit-applied';

/** An AI edit was applied in media: the photo row names its new object and size, once. */
export const ReplacePhotoImageWhenEditApplied = eventHandlers(ProjectsDatabase, (on) => [
  on(photoReplaced, async (database, event) => {
    const { id, projectId, storagePath, width, height } = event.data;
    await database.$transaction(async (tx) => {
      await runOnce(tx, 'projects', CONSUMER, event.id, async () => {
        // A photo deleted meanwhile has no row to change.
        await tx.photo.updateMany({ where: { id, projectId }, data: { storagePath, width, height } });
      });
    });
  }),
]);
