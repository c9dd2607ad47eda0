import {
  acceptPendingPhotos,
  listPendingPhotos,
  pendingPhotoSummary,
  rejectPendingPhotos,
} from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { PendingPhotosService } from './pending-photos.service.js';

export const PendingPhotosHandlers = requestHandlers(PendingPhotosService, (answer) => [
  answer(listPendingPhotos, async (pending, { actor, data }) => ({
    photos: await pending.list(actor, data.projectId),
  })),
  answer(acceptPendingPhotos, (pending, { actor, data }) => pending.accept(actor, data.projectId, data.ids)),
  answer(rejectPendingPhotos, (pending, { actor, data }) => pending.reject(actor, data.projectId, data.ids)),
  answer(pendingPhotoSummary, (pending, { actor }) => pending.summary(actor)),
]);
