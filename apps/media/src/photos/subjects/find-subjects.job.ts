import { findPhotoSubjects } from '@memoreel/contracts';
import { type BusHandlerExtras, eventHandlers } from '@memoreel/platform';
import { PhotoSubjectsService } from './photo-subjects.service.js';

/** One photo at a time per instance: the detector has one worker thread. */
const AS_JOB: BusHandlerExtras = { queue: 'jobs', concurrency: 1 };

/** A stored photo's faces (or subject) are found here, by whichever media instance takes the job. */
export const FindSubjectsJob = eventHandlers(PhotoSubjectsService, (on) => [
  on(findPhotoSubjects, (subjects, job) => subjects.find(job.data.id), AS_JOB),
]);
