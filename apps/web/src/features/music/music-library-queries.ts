import { useQuery } from '@tanstack/react-query';
import { fetchPublicMusicTracks } from './music-library-api';

export const musicLibraryKey = ['music', 'public'] as const;

/** Public tracks by title; their URLs are signed for an hour, so the list is refreshed before then. */
export function usePublicMusicTracks() {
  return useQuery({
    queryKey: musicLibraryKey,
    queryFn: ({ signal }) => fetchPublicMusicTracks(signal),
    staleTime: 10 * 60_000,
    refetchInterval: 30 * 60_000,
  });
}
