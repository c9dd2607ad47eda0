import {
  mediaDeletePhotos,
  mediaListPhotos,
  mediaPhotoCards,
  mediaPhotoQuota,
  mediaReorderPhoto,
  mediaSetPhotoCaption,
  mediaSetPhotoFilter,
  mediaSetPhotoTransforms,
} from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { PhotoRowsService } from './photo-rows.service.js';

export const PhotoRowsHandlers = requestHandlers(PhotoRowsService, (answer) => [
  answer(mediaListPhotos, async (photos, { actor, data }) => ({
    photos: await photos.list(actor, data.projectId, data.ids),
  })),
  answer(mediaPhotoQuota, (photos, { actor, data }) => photos.quota(actor, data.projectId)),
  answer(mediaDeletePhotos, (photos, { actor, data }) => photos.deleteMany(actor, data.projectId, data.ids)),
  answer(mediaReorderPhoto, async (photos, { actor, data }) => ({
    photos: await photos.reorder(actor, data.projectId, data.from, data.to),
  })),
  answer(mediaSetPhotoFilter, (photos, { actor, data }) => photos.setFilter(actor, data.id, data.filter)),
  answer(mediaSetPhotoTransforms, (photos, { actor, data }) =>
    photos.setTransforms(actor, data.id, data.transforms),
  ),
  answer(mediaPhotoCards, async (photos, { actor, data }) => ({
    cards: await photos.cards(actor, data.projectIds),
  })),
  answer(mediaSetPhotoCaption, (photos, { actor, data }) => photos.setCaption(actor, data.id, data.caption)),
]);
