import { type Actor, photoDeleted } from '@memoreel/contracts';
import { buildEvent, recordEvent } from '@memoreel/platform';
import type { MediaTransaction } from '../database/media-database.js';
import type { PhotoRowsRepository } from './photo-rows.repository.js';

/**
 * Takes a project's photos out of it at once and records media.photo.deleted for each, so their
 * objects and edits are removed after (PhotoCleanupService); answers the ids taken out.
 */
export async function deletePhotosTellingCleanup(
  rows: PhotoRowsRepository,
  tx: MediaTransaction,
  actor: Actor,
  projectId: string,
  ids: readonly string[],
): Promise<string[]> {
  const deleted = await rows.markDeleted(tx, projectId, ids);
  for (const { id, userId, storagePath } of deleted) {
    await recordEvent(tx, 'media', buildEvent(photoDeleted, actor, { id, projectId, userId, storagePath }));
  }
  return deleted.map((row) => row.id);
}
