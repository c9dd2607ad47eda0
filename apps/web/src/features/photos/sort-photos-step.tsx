import { PHOTO_SIZE, photoThumbnailPx, photoWorkflowTexts } from '@memoreel/domain';
import { Link } from '@tanstack/react-router';
import { ImageIcon, ImagePlus } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../ui/button';
import { IconTile } from '../../ui/icon-tile';
import { Slider } from '../../ui/slider';
import { StepLinks } from '../project/project-layout/step-links';
import { PhotoPanel } from './photo-panel';
import { usePhotos, useReorderPhoto } from './photo-queries';
import { PhotoStepPage } from './photo-step-page';
import { photosContent } from './photos-content';
import { WhenPhotosLoaded } from './photos-load-states';
import { SortablePhotoRow } from './sortable-photo-row';
import { usePhotoSize } from './use-photo-size';

const text = photosContent.sort;

/** Step 2 (spec 2 §2): the photos between START and END, dragged into the order they play. */
export function SortPhotosStep({ projectId }: { projectId: string }) {
  const photos = usePhotos(projectId);
  const reorder = useReorderPhoto(projectId);
  const [size, setSize] = usePhotoSize();
  const sliderId = useId();
  const hintId = useId();
  const tileSize = photoThumbnailPx(size);

  return (
    <PhotoStepPage
      title={text.title}
      subtitle={text.subtitle}
      wide
      navigation={<StepLinks projectId={projectId} step="sort" showNext={Boolean(photos.data?.length)} />}
    >
      <WhenPhotosLoaded query={photos}>
        {(loaded) =>
          loaded.length === 0 ? (
            <section className="flex flex-col items-center gap-4 rounded-2xl border border-dashed px-6 py-16 text-center">
              <IconTile icon={ImageIcon} />
              <p className="text-muted-foreground">{photoWorkflowTexts.noPhotosToSort}</p>
              <Button asChild>
                <Link to="/project/$projectId/photos" params={{ projectId }}>
                  <ImagePlus aria-hidden="true" /> {photosContent.addPhotos.title}
                </Link>
              </Button>
            </section>
          ) : (
            <PhotoPanel
              titleId="sort-heading"
              title={text.heading}
              subtitle={
                <p id={hintId} className="mt-0.5 text-muted-foreground text-sm">
                  {text.dragHint}
                </p>
              }
              headerClassName="items-end gap-4"
              controls={
                <div className="flex w-full items-center gap-3 sm:w-64">
                  <label htmlFor={sliderId} className="shrink-0 text-muted-foreground text-sm">
                    {text.size}
                  </label>
                  <Slider
                    id={sliderId}
                    limits={PHOTO_SIZE}
                    value={size}
                    onValueChange={setSize}
                    className="h-2 w-full"
                  />
                </div>
              }
            >
              <div
                className="flex min-h-[250px] items-center overflow-x-auto overscroll-x-contain p-4 sm:p-6"
                aria-describedby={hintId}
              >
                <SortablePhotoRow
                  photos={loaded}
                  onMove={(move) => reorder.mutate(move)}
                  tileSize={tileSize}
                  startLabel={text.start}
                  endLabel={text.end}
                  variant="board"
                />
              </div>
            </PhotoPanel>
          )
        }
      </WhenPhotosLoaded>
    </PhotoStepPage>
  );
}
