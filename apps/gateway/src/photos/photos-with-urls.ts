import type { Actor, Photo, PhotoUrls, ReplyOf } from '@memoreel/contracts';
import { getPhotoUrls } from '@memoreel/contracts';
import type { BusClient } from '@memoreel/platform';
import type { PhotoModel } from './photo.model.js';

/** A derivative baked with another filter than the row's (media has not seen the change yet) is not the video's yet. */
const urlsFor = (photo: Photo, urls: PhotoUrls | null) => {
  if (!urls) return null;
  const { videoFilter, video, ...thumbnails } = urls;
  return { ...thumbnails, video: videoFilter === photo.filter ? video : null };
};

/** What media answers of a photo: its signed URLs and where its faces or subject are. */
type Signed = ReplyOf<typeof getPhotoUrls>['photos'][number];

/** A photo row and what media signed and found of it as the GraphQL Photo. */
export const toPhotoModel = (photo: Photo, signed: Signed | undefined): PhotoModel => ({
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
  urls: urlsFor(photo, signed?.urls ?? null),
  subjects: signed?.subjects ?? null,
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
  const byId = new Map(signed.map((entry) => [entry.id, entry]));
  return photos.map((photo) => {
    const model = toPhotoModel(photo, byId.get(photo.id));
    return inVideo || !model.urls ? model : { ...model, urls: { ...model.urls, video: null } };
  });
}
