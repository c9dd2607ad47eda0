// Seed content, not service code: the render service adds these tracks to its music library
// (standalone at first start, the cluster's `seed` command), and ffmpeg makes them there.
export type { Stereo } from './mix.js';
export { SHIPPED_TRACKS, type ShippedTrack } from './shipped-tracks.js';
export { encodeTrack, interleaved, synthesizeTrack, TARGET_LUFS } from './synthesize-track.js';
