import {
  deletePhotos,
  getPhotoQuota,
  listPhotos,
  reorderPhoto,
  reservePhotoUploads,
  setPhotoCaption,
  setPhotoFilter,
  setPhotoTransforms,
} from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { PhotosService } from './photos.service.js';

export const PhotosHandlers = requestHandlers(PhotosService, (answer) => [
  answer(listPhotos, async (photos, { actor, data }) => ({
    photos: await photos.list(actor, data.projectId, data.ids),
  })),
  answer(getPhotoQuota, (photos, { actor, data }) => photos.quota(actor, data.projectId)),
  answer(reservePhotoUploads, (photos, { actor, data }) => photos.reserveUploads(actor, data)),
  answer(deletePhotos, (photos, { actor, data }) => photos.deleteMany(actor, data.projectId, data.ids)),
  answer(reorderPhoto, async (photos, { actor, data }) => ({
    photos: await photos.reorder(actor, data.projectId, data.from, data.to),
  })),
  answer(setPhotoFilter, (photos, { actor, data }) => photos.setFilter(actor, data.id, data.filter)),
  answer(setPhotoTransforms, (photos, { actor, data }) =>
    photos.setTransforms(actor, data.id, data.transforms),
  ),
  answer(setPhotoCaption, (photos, { actor, data }) => photos.setCaption(actor, data.id, data.caption)),
]);
