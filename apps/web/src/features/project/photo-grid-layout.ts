import { PROJECT_CARD_PHOTOS } from '@memoreel/domain';
import type { ProjectPhoto } from './project-api';

/** Spec §2 "Photo grid": one arrangement per number of photos shown. */
export type PhotoGridLayout = 'single' | 'pair' | 'feature' | 'square' | 'mosaic';

export interface PhotoTile {
  photo: ProjectPhoto;
  /** Photos not shown, carried as "+N" on the last tile; 0 elsewhere. */
  hiddenCount: number;
}

export interface PhotoGrid {
  layout: PhotoGridLayout;
  tiles: PhotoTile[];
}

const LAYOUT_BY_COUNT: Record<number, PhotoGridLayout> = {
  1: 'single',
  2: 'pair',
  3: 'feature',
  4: 'square',
};

/** At most five tiles; `photoCount` is the project's total, which may exceed the photos fetched. */
export function photoGridFor(photos: ProjectPhoto[], photoCount: number): PhotoGrid | null {
  const shown = photos.slice(0, PROJECT_CARD_PHOTOS);
  if (shown.length === 0) return null;
  const hidden = Math.max(0, photoCount - shown.length);
  return {
    layout: LAYOUT_BY_COUNT[shown.length] ?? 'mosaic',
    tiles: shown.map((photo, index) => ({ photo, hiddenCount: index === shown.length - 1 ? hidden : 0 })),
  };
}
