import { createHash } from 'node:crypto';
import type { TimelineTrack } from '@memoreel/domain';
import { canonicalJson, type PlannedChunk } from '@memoreel/video/chunks';

/**
 * The version of a project's video: a hash of everything that decides its pixels and sound. The
 * chunks' hashes already name the photos (derivative keys, so filters), their order, transforms,
 * the timing settings and the encoding; the music is the tracks' files and placements.
 */
export function projectVersion(chunks: readonly PlannedChunk[], tracks: readonly TimelineTrack[]): string {
  const music = tracks.map((track) => ({
    file: track.storage_path,
    startTime: track.startTime,
    duration: track.duration,
  }));
  return createHash('sha256')
    .update(canonicalJson({ chunks: chunks.map((chunk) => chunk.hash), music }))
    .digest('hex');
}
