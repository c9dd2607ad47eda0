import type { PhotoWithUrls } from '@memoreel/contracts';
import type { PhotoModel } from './photo.model.js';

/**
 * A photo as media answers it (its row with its signed URLs; `video` only once the derivative of its
 * current filter is made) as the GraphQL Photo. A pending photo (`inVideo: false`) is not in the
 * video, so it has no video URL.
 */
export function toPhotoModel(photo: PhotoWithUrls, { inVideo = true } = {}): PhotoModel {
  const { urls } = photo;
  return {
    id: photo.id,
    projectId: photo.projectId,
    originalName: photo.originalName,
    displayOrder: photo.displayOrder,
    status: photo.status,
    submittedBy: photo.submittedBy,
    filter: photo.filter,
    transforms: { start: photo.transforms['0'], end: photo.transforms['100'] },
    caption: photo.caption,
    width: photo.width,
    height: photo.height,
    urls: urls && {
      grid: urls.grid,
      strip: urls.strip,
      carousel: urls.carousel,
      full: urls.full,
      video: inVideo ? urls.video : null,
    },
    subjects: photo.subjects,
    createdAt: photo.createdAt,
  };
}
