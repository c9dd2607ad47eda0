import { type MediaHarnessOptions, startMedia as startMediaService } from '@memoreel/media/testing';
import { projectsService } from '@memoreel/projects';

export { eventually, type MediaHarness } from '@memoreel/media/testing';

/** The media service with the real projects service (ownership, quota, photo rows) on one database and bus. */
export function startMedia(options: Omit<MediaHarnessOptions, 'services'> = {}) {
  return startMediaService({ ...options, services: [projectsService] });
}
