import { useQuery } from '@tanstack/react-query';
import { fetchPublicMusicTracks } from './music-library-api';

export const musicLibraryKey = ['music', 'public'] as const;

/** While a track's beats are being found (seconds after it is added), how often a page that needs them asks again. */
export const BEATS_POLL_MS = 5_000;

/**
 * Public tracks by title; their URLs are signed for an hour, so the list is refreshed before then.
 * `untilBeatsFound`: asked again every few seconds while a track's beats are still being found.
 */
export function usePublicMusicTracks({ untilBeatsFound = false }: { untilBeatsFound?: boolean } = {}) {
  return useQuery({
    queryKey: musicLibraryKey,
    queryFn: ({ signal }) => fetchPublicMusicTracks(signal),
    staleTime: 10 * 60_000,
    refetchInterval: (query) =>
      untilBeatsFound && query.state.data?.some((track) => track.beats === null)
        ? BEATS_POLL_MS
        : 30 * 60_000,
  });
}
