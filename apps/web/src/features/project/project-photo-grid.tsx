import { projectMessages } from '@memoreel/domain';
import { ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { type PhotoGridLayout, type PhotoTile, photoGridFor } from './photo-grid-layout';
import type { ProjectPhoto } from './project-api';

const GRID_CLASSES: Record<PhotoGridLayout, string> = {
  single: 'grid-cols-1 grid-rows-1',
  pair: 'grid-cols-2 grid-rows-1',
  feature: 'grid-cols-2 grid-rows-2 [&>*:first-child]:row-span-2',
  square: 'grid-cols-2 grid-rows-2',
  mosaic: 'grid-cols-3 grid-rows-2 [&>*:first-child]:row-span-2',
};

interface ProjectPhotoGridProps {
  photos: ProjectPhoto[];
  photoCount: number;
}

/** The card's preview of a project's photos, or a gentle empty state. */
export function ProjectPhotoGrid({ photos, photoCount }: ProjectPhotoGridProps) {
  const grid = photoGridFor(photos, photoCount);
  if (!grid) {
    return (
      <div className="flex aspect-video flex-col items-center justify-center gap-2 rounded-lg border border-dashed bg-muted/40 text-muted-foreground text-sm">
        <ImageIcon aria-hidden="true" className="size-6 opacity-60" />
        <p>{projectMessages.list.noPhotos}</p>
      </div>
    );
  }
  return (
    <div
      data-layout={grid.layout}
      className={cn('grid aspect-video gap-1 overflow-hidden rounded-lg', GRID_CLASSES[grid.layout])}
    >
      {grid.tiles.map((tile) => (
        <PhotoGridTile key={tile.photo.id} tile={tile} />
      ))}
    </div>
  );
}

function PhotoGridTile({ tile }: { tile: PhotoTile }) {
  // Spec §8: a broken image is hidden, leaving the tile's calm background.
  const [broken, setBroken] = useState(false);
  return (
    <div className="relative min-h-0 overflow-hidden bg-muted">
      {!broken && (
        <img
          src={tile.photo.url}
          alt=""
          loading="lazy"
          onError={() => setBroken(true)}
          className="size-full object-cover"
        />
      )}
      {tile.hiddenCount > 0 && (
        <span className="absolute inset-0 grid place-items-center bg-black/45 font-medium text-lg text-white">
          +{tile.hiddenCount}
          <span className="sr-only"> more photos</span>
        </span>
      )}
    </div>
  );
}
