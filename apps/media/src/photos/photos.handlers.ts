import { completePhotoUploads, getPhotoUrls, requestPhotoUploads } from '@memoreel/contracts';
import { requestHandlers } from '@memoreel/platform';
import { PhotoUrlsService } from './photo-urls.service.js';
import { UploadCompletionService } from './upload-completion.service.js';
import { UploadIntakeService } from './upload-intake.service.js';

export const PhotosHandlers = requestHandlers(
  { intake: UploadIntakeService, completion: UploadCompletionService, photoUrls: PhotoUrlsService },
  (answer) => [
    answer(requestPhotoUploads, ({ intake }, { actor, data }) => intake.requestUploads(actor, data)),
    answer(completePhotoUploads, async ({ completion }, { actor, data }) => ({
      results: await completion.completeUploads(actor, data),
    })),
    answer(getPhotoUrls, async ({ photoUrls }, { actor, data }) => ({
      photos: await photoUrls.urls(actor, data.ids),
    })),
  ],
);
