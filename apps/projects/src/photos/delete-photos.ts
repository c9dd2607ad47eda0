import { type Actor, photoDeleted } from '@memoreel/contracts';
import { buildEvent, recordEvent } from '@memoreel/platform';
import type { ProjectsTransaction } from '../database/projects-database.js';
import type { PhotosRepository } from './photos.repository.js';

/** Deletes a project's photos and records projects.photo.deleted for each, so media removes their objects. */
export async function deletePhotosTellingMedia(
  photos: PhotosRepository,
  tx: ProjectsTransaction,
  actor: Actor,
  projectId: string,
  ids: readonly string[],
): Promise<string[]> {
  const deleted = await photos.deleteMany(tx, projectId, ids);
  for (const photo of deleted) {
    await recordEvent(
      tx,
      'projects',
      buildEvent(photoDeleted, actor, {
        id: photo.id,
        projectId,
        userId: photo.userId,
        storagePath: photo.storagePath,
      }),
    );
  }
  return deleted.map((photo) => photo.id);
}
