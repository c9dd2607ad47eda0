import type { VideoSettings } from '@memoreel/domain';
import type { ReactNode } from 'react';
import { WhenPhotosLoaded } from '../photos/photos-load-states';
import { bothQueries, type QueryState } from './combined-query';
import { NeedsPhotos } from './needs-photos';
import { useVideoSettings } from './video-settings-queries';

/**
 * Steps 5–7: the step's content once the photos and the project's video settings have both loaded;
 * the loading and error screens before, and NeedsPhotos for a project without photos.
 */
export function WhenPhotosAndSettingsLoaded<TPhoto>({
  projectId,
  photos,
  children,
}: {
  projectId: string;
  photos: QueryState<TPhoto[]>;
  children: (photos: TPhoto[], settings: VideoSettings) => ReactNode;
}) {
  const settings = useVideoSettings(projectId);
  return (
    <WhenPhotosLoaded query={bothQueries(photos, settings)}>
      {([list, stored]) =>
        list.length === 0 ? <NeedsPhotos projectId={projectId} /> : children(list, stored)
      }
    </WhenPhotosLoaded>
  );
}
