import { photoRejected } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { PhotosService } from './photos.service.js';

const CONSUMER = 'release-quota-when-photo-rejected';

/** Media refused an upload: the quota it held is given back (it would otherwise wait for expiry). */
export const ReleaseQuotaWhenPhotoRejected = eventHandlers(PhotosService, (on) => [
  on(photoRejected, (photos, event) =>
    photos.releaseRejected({ id: event.id, consumer: CONSUMER, uploadId: event.data.id }),
  ),
]);
