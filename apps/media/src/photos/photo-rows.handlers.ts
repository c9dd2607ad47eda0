import {
  deletePhotos,
  listPhotos,
  photoCards,
  photoQuota,
  reorderPhoto,
  setPhotoCaption,
  setPhotoFilter,
  setPhotoTransforms,
} from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { PhotoRowsService } from './photo-rows.service.js';

export const PhotoRowsHandlers = requestHandlers(PhotoRowsService, (answer) => [
  answer(listPhotos, async (photos, { actor, data }) => ({
    photos: await photos.list(actor, data.projectId, data.ids),
  })),
  answer(photoQuota, (photos, { actor, data }) => photos.quota(actor, data.projectId)),
  answer(deletePhotos, (photos, { actor, data }) => photos.deleteMany(actor, data.projectId, data.ids)),
  answer(reorderPhoto, async (photos, { actor, data }) => ({
    photos: await photos.reorder(actor, data.projectId, data.from, data.to),
  })),
  answer(setPhotoFilter, (photos, { actor, data }) => photos.setFilter(actor, data.id, data.filter)),
  answer(setPhotoTransforms, (photos, { actor, data }) =>
    photos.setTransforms(actor, data.id, data.transforms),
  ),
  answer(photoCards, async (photos, { actor, data }) => ({
    cards: await photos.cards(actor, data.projectIds),
  })),
  answer(setPhotoCaption, (photos, { actor, data }) => photos.setCaption(actor, data.id, data.caption)),
]);
