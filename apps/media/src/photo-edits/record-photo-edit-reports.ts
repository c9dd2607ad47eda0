import { photoEditFailed, photoEditFinished, photoEditProgressed } from '@memoreel/contracts';
import { eventHandlers } from '@memoreel/platform';
import { PhotoEditReportsService } from './photo-edit-reports.service.js';

/** The photo-edit worker's reports: each is idempotent, so a redelivered one changes nothing. */
export const RecordPhotoEditReports = eventHandlers(PhotoEditReportsService, (on) => [
  on(photoEditProgressed, (reports, event) => reports.recordProgress(event.data.editId, event.data.progress)),
  on(photoEditFinished, (reports, event) => reports.recordFinished(event.data)),
  on(photoEditFailed, (reports, event) => reports.recordFailed(event.data.editId, event.data.reason)),
]);
