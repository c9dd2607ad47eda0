/** What apps/standalone/test needs to run render beside other services (`@memoreel/render/testing`). */

export { findTrackBeats } from '../src/music/beats/beat-finder.js';
export { clickTrack } from './click-track.js';
export { audioFile } from './render-harness.js';
export * from './renders-harness.js';
