import { graphqlField } from '../../lib/graphql';

/** The public music library of step 6 (gateway `publicMusicTracks`, ordered by title). */
export interface PublicMusicTrack {
  id: string;
  title: string;
  artist: string | null;
  /** Seconds. */
  duration: number;
  /** Signed for an hour: refetched well before. */
  url: string;
  /** Beats per minute, when the track keeps a steady time. */
  tempo: number | null;
  /** Beat times in seconds of the file; null while not analysed, [] without a steady beat. */
  beats: number[] | null;
}

export function fetchPublicMusicTracks(signal?: AbortSignal): Promise<PublicMusicTrack[]> {
  return graphqlField(
    'publicMusicTracks',
    'query PublicMusicTracks { publicMusicTracks { id title artist duration url tempo beats } }',
    {},
    signal,
  );
}

/**
 * The object key a track's signed URL points at (`{uuid}.{ext}` in the music bucket), kept as the
 * timeline track's storage_path; the library does not hand keys to non-admins otherwise.
 */
export function storagePathOfTrackUrl(url: string, fallback: string): string {
  try {
    const segment = new URL(url, 'http://memoreel.invalid').pathname.split('/').pop() ?? '';
    return decodeURIComponent(segment) || fallback;
  } catch {
    return fallback;
  }
}
