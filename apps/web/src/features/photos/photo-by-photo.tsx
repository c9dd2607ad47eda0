import { photoWorkflowTexts } from '@memoreel/domain';
import type { ReactNode } from 'react';
import { PhotoCarousel } from './photo-carousel';
import type { Photo } from './photos-api';
import { WhenPhotosLoaded } from './photos-load-states';

interface PhotoByPhotoProps {
  photos: { isPending: boolean; isError: boolean; error: Error | null; data: Photo[] | undefined };
  /** Already clamped to the photos there are. */
  index: number;
  onIndexChange: (index: number) => void;
  /** The card of the photo at `index`. */
  children: (photo: Photo) => ReactNode;
}

/** Steps 3 and 4: the project's photos one at a time in the carousel, once they have loaded. */
export function PhotoByPhoto({ photos, index, onIndexChange, children }: PhotoByPhotoProps) {
  return (
    <WhenPhotosLoaded query={photos}>
      {(loaded) => {
        const photo = loaded[index];
        if (!photo) return <p className="text-muted-foreground">{photoWorkflowTexts.noPhotosToSort}</p>;
        return (
          <PhotoCarousel
            index={index}
            count={loaded.length}
            onIndexChange={onIndexChange}
            slideKey={photo.id}
          >
            {children(photo)}
          </PhotoCarousel>
        );
      }}
    </WhenPhotosLoaded>
  );
}
