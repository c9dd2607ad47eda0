import { findTrackBeats } from '@memoreel/contracts';
import { type BusHandlerExtras, eventHandlers } from '@memoreel/platform';
import { TrackBeatsService } from './track-beats.service.js';

/** One track at a time per instance: each analysis is a child process with its own decode. */
const AS_JOB: BusHandlerExtras = { queue: 'jobs', concurrency: 1 };

/** A library track's beats are found here, by whichever render instance takes the job. */
export const FindBeatsJob = eventHandlers(TrackBeatsService, (on) => [
  on(findTrackBeats, (beats, job) => beats.find(job.data.trackId), AS_JOB),
]);
