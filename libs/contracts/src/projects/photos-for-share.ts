import { z } from 'zod';
import { defineRequest } from '../common/define.js';
import { PhotoSchema } from './photos.js';

/** A photo as a shared video's player needs it: what the composition draws, nothing that names its owner. */
export const PhotoForShareSchema = PhotoSchema.pick({
  id: true,
  filter: true,
  transforms: true,
  caption: true,
  width: true,
  height: true,
});
export type PhotoForShare = z.infer<typeof PhotoForShareSchema>;

export const listPhotosForShare = defineRequest('projects.photo.list-for-share', {
  summary:
    "A shared project's accepted photos in display order, for the public player. The system actor only, and only from sharing (claim policy); an unknown project has none.",
  request: z.object({ projectId: z.uuid() }),
  reply: z.object({ photos: z.array(PhotoForShareSchema) }),
});
