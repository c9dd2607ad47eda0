import {
  mediaAcceptPendingPhotos,
  mediaListPendingPhotos,
  mediaPendingPhotoSummary,
  mediaRejectPendingPhotos,
} from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { PendingPhotosService } from './pending-photos.service.js';

export const PendingPhotosHandlers = requestHandlers(PendingPhotosService, (answer) => [
  answer(mediaListPendingPhotos, async (pending, { actor, data }) => ({
    photos: await pending.list(actor, data.projectId),
  })),
  answer(mediaAcceptPendingPhotos, (pending, { actor, data }) =>
    pending.accept(actor, data.projectId, data.ids),
  ),
  answer(mediaRejectPendingPhotos, (pending, { actor, data }) =>
    pending.reject(actor, data.projectId, data.ids),
  ),
  answer(mediaPendingPhotoSummary, (pending, { actor }) => pending.summary(actor)),
]);
