import { useQuery } from '@tanstack/react-query';
import { graphqlField } from '../../lib/graphql';
import { photoKeys } from '../photos/photo-queries';
import type { Photo } from '../photos/photos-api';

/** A photo as the preview draws it: its motion, its framing's inputs and the URL of the image the video shows. */
export type PreviewPhoto = Pick<Photo, 'id' | 'transforms' | 'caption' | 'width' | 'height' | 'subjects'> & {
  urls: { carousel: string; video?: string | null } | null;
};

const TRANSFORM_FIELDS = 'scale translateX translateY rotate';

function fetchPreviewPhotos(projectId: string, signal?: AbortSignal): Promise<PreviewPhoto[]> {
  return graphqlField(
    'photos',
    `query Photos($projectId: ID!) { photos(projectId: $projectId) {
      id transforms { start { ${TRANSFORM_FIELDS} } end { ${TRANSFORM_FIELDS} } } caption { text placement }
      width height subjects { kind boxes { x y width height } }
      urls { carousel video }
    } }`,
    { projectId },
    signal,
  );
}

/** Video derivatives are baked by a job after upload or a filter change; ask again until all exist. */
const DERIVATIVES_POLL_MS = 3_000;
/** Signed for an hour; every answer signs anew, and a new URL is a new download mid-playback. */
const PREVIEW_PHOTOS_STALE_MS = 30 * 60_000;

/** The project's photos in display order, with the filter-baked `urls.video` the composition draws. */
export function usePreviewPhotos(projectId: string) {
  return useQuery({
    queryKey: [...photoKeys.project(projectId), 'video'],
    queryFn: ({ signal }) => fetchPreviewPhotos(projectId, signal),
    staleTime: PREVIEW_PHOTOS_STALE_MS,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.data?.some((photo) => !photo.urls?.video) ? DERIVATIVES_POLL_MS : false,
  });
}
