import { PHOTO_FILTER_LABELS, PHOTO_FILTERS, type PhotoFilter } from '@memoreel/domain';
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { PhotoImage } from './photo-image';
import type { Photo } from './photos-api';
import { photosContent } from './photos-content';

/** 'Select Filter': the photo through each of the eight filters, live, from the same matrices as the video. */
export function PhotoFilterDialog({
  photo,
  open,
  onOpenChange,
  onPick,
}: {
  photo: Photo;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (filter: PhotoFilter) => void;
}) {
  const text = photosContent.edit;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogTitle>{text.selectFilter}</DialogTitle>
        <DialogDescription className="mt-1.5">{text.selectFilterDescription}</DialogDescription>
        <div
          role="radiogroup"
          aria-label={text.selectFilter}
          className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-4"
        >
          {PHOTO_FILTERS.map((filter) => {
            const chosen = photo.filter === filter;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a grid of picture buttons, each a radio of the group
              <button
                key={filter}
                type="button"
                role="radio"
                aria-checked={chosen}
                onClick={() => onPick(filter)}
                className={cn(
                  'group relative overflow-hidden rounded-xl border bg-card text-left transition-shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  chosen ? 'border-primary ring-2 ring-primary' : 'hover:shadow-md',
                )}
              >
                <PhotoImage
                  photo={photo}
                  size="grid"
                  filter={filter}
                  alt=""
                  className="aspect-square w-full"
                />
                <span className="flex items-center justify-between gap-2 px-2.5 py-2 font-medium text-sm">
                  {PHOTO_FILTER_LABELS[filter]}
                  {chosen && <Check aria-hidden="true" className="size-4 text-primary" />}
                </span>
              </button>
            );
          })}
        </div>
      </DialogContent>
    </Dialog>
  );
}
