import { GripHorizontal } from 'lucide-react';
import { usePhotos, useReorderPhoto } from './photo-queries';
import { photosContent } from './photos-content';
import { SortablePhotoRow } from './sortable-photo-row';

const text = photosContent.strip;
const STRIP_TILE_PX = 56;

/**
 * The photo strip kept at the bottom of the edit and design pages (spec 2 §2): drag to reorder,
 * click (or Enter) to jump to a photo.
 */
export function PhotoStrip({
  projectId,
  activeIndex,
  onSelect,
}: {
  projectId: string;
  activeIndex?: number;
  onSelect: (index: number) => void;
}) {
  const photos = usePhotos(projectId);
  const reorder = useReorderPhoto(projectId);
  if (!photos.data || photos.data.length === 0) return null;
  return (
    <section
      aria-label={text.label}
      className="sticky bottom-20 z-20 mx-2 mt-6 rounded-xl border bg-card/95 shadow-lg shadow-primary/5 backdrop-blur md:bottom-0 md:mx-0 md:rounded-none md:border-x-0 md:border-b-0"
    >
      <div className="flex items-center gap-3 px-3 py-2 md:px-6">
        <p className="sr-only shrink-0 items-center gap-1.5 text-muted-foreground text-xs sm:not-sr-only sm:flex">
          <GripHorizontal aria-hidden="true" className="size-4" />
          {text.hint}
        </p>
        <div className="min-w-0 flex-1 overflow-x-auto overscroll-x-contain py-1">
          <SortablePhotoRow
            photos={photos.data}
            onMove={(move) => reorder.mutate(move)}
            tileSize={STRIP_TILE_PX}
            onSelect={onSelect}
            {...(activeIndex === undefined ? {} : { activeIndex })}
            startLabel={text.start}
            endLabel={text.end}
            variant="strip"
            className="w-max px-1"
          />
        </div>
      </div>
    </section>
  );
}
