import { listPhotosForShare } from '@memoreel/contracts';
import { requestHandlers, requireSystem } from '@memoreel/platform';
import { ProjectsDatabase } from '../database/projects-database.js';
import { PhotosRepository } from './photos.repository.js';

/**
 * The photos of a shared project for its public player. Sharing alone may ask (the claim policy),
 * as the system: it has already found the share, and anyone with the link may watch.
 */
export const PhotosForShareHandlers = requestHandlers(
  { database: ProjectsDatabase, photos: PhotosRepository },
  (answer) => [
    answer(listPhotosForShare, async ({ database, photos }, { actor, data }) => {
      requireSystem(actor);
      const accepted = await photos.listAccepted(database, data.projectId);
      return {
        photos: accepted.map(({ id, filter, transforms, caption, width, height }) => ({
          id,
          filter,
          transforms,
          caption,
          width,
          height,
        })),
      };
    }),
  ],
);
