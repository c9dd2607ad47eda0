import type { Actor, Photo, PhotoUrls } from '@memoreel/contracts';
import { getPhotoUrls } from '@memoreel/contracts';
import type { BusClient } from '@memoreel/platform';
import type { PhotoModel } from './photo.model.js';

/** A derivative baked with another filter than the row's (media has not seen the change yet) is not the video's yet. */
const urlsFor = (photo: Photo, urls: PhotoUrls | null) => {
  if (!urls) return null;
  const { videoFilter, video, ...thumbnails } = urls;
  return { ...thumbnails, video: videoFilter === photo.filter ? video : null };
};

/** A photo row and its signed URLs as the GraphQL Photo. */
export const toPhotoModel = (photo: Photo, urls: PhotoUrls | null): PhotoModel => ({
  id: photo.id,
  projectId: photo.projectId,
  originalName: photo.originalName,
  displayOrder: photo.displayOrder,
  status: photo.status,
  submittedBy: photo.submittedBy,
  filter: photo.filter,
  transforms: { start: photo.transforms['0'], end: photo.transforms['100'] },
  width: photo.width,
  height: photo.height,
  urls: urlsFor(photo, urls),
  createdAt: photo.createdAt,
});

/**
 * Rows from projects joined with their signed URLs from media. A pending photo (`inVideo: false`)
 * is not in the video, so it has no video URL.
 */
export async function photosWithUrls(
  bus: BusClient,
  actor: Actor,
  photos: Photo[],
  { inVideo = true } = {},
): Promise<PhotoModel[]> {
  if (photos.length === 0) return [];
  const { photos: signed } = await bus.request(getPhotoUrls, actor, { ids: photos.map((p) => p.id) });
  const urls = new Map(signed.map((entry) => [entry.id, entry.urls]));
  return photos.map((photo) => {
    const model = toPhotoModel(photo, urls.get(photo.id) ?? null);
    return inVideo || !model.urls ? model : { ...model, urls: { ...model.urls, video: null } };
  });
}
