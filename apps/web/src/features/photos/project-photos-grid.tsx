import { PHOTO_DELETE_DELAY_MS, photoMessages, photoWorkflowTexts } from '@memoreel/domain';
import { Check, LoaderCircle, Trash2 } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../ui/dialog';
import { PhotoImage } from './photo-image';
import { PhotoPanel } from './photo-panel';
import { useDeletePhotos } from './photo-queries';
import {
  clickPhoto,
  isSelecting,
  keepExisting,
  NO_SELECTION,
  type PhotoSelection,
  toggleAll,
} from './photo-selection';
import type { Photo } from './photos-api';
import { photosContent } from './photos-content';

const text = photosContent.addPhotos;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 'Project Photos' of step 1: the grid, selection with shift ranges, deleting, the full-size preview. */
export function ProjectPhotosGrid({ projectId, photos }: { projectId: string; photos: Photo[] }) {
  const orderedIds = photos.map((photo) => photo.id);
  const [rawSelection, setSelection] = useState<PhotoSelection>(NO_SELECTION);
  const selection = keepExisting(rawSelection, orderedIds);
  const [deleting, setDeleting] = useState<ReadonlySet<string>>(new Set());
  const [previewId, setPreviewId] = useState<string | null>(null);
  const remove = useDeletePhotos(projectId);
  const selecting = isSelecting(selection);
  const allSelected = selecting && orderedIds.every((id) => selection.ids.has(id));
  const busy = deleting.size > 0;

  const select = (id: string, event: MouseEvent) =>
    setSelection(clickPhoto(selection, id, orderedIds, event.shiftKey));

  async function deleteSelected() {
    const ids = orderedIds.filter((id) => selection.ids.has(id));
    // Spec §4: the photos show as deleting for a moment before they go.
    setDeleting(new Set(ids));
    await wait(PHOTO_DELETE_DELAY_MS);
    remove.mutate(ids, {
      onSuccess: (deleted) => {
        toast.success(photoMessages.deletedCount(deleted.length));
        setSelection(NO_SELECTION);
      },
      onError: () => toast.error(photoMessages.deleteFailed),
      onSettled: () => setDeleting(new Set()),
    });
  }

  const preview = photos.find((photo) => photo.id === previewId) ?? null;

  return (
    <PhotoPanel
      titleId="project-photos-title"
      title={text.gridTitle}
      subtitle={
        <p className="mt-0.5 text-muted-foreground text-sm" aria-live="polite">
          {photoWorkflowTexts.photoCount(photos.length)}
          {selecting && ` · ${text.selectedCount(selection.ids.size)}`}
        </p>
      }
      headerClassName="items-center gap-3"
      controls={
        photos.length > 0 && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              onClick={() => setSelection(toggleAll(selection, orderedIds))}
            >
              {allSelected ? text.deselectAll : text.selectAll}
            </Button>
            {selecting && (
              <>
                <Button variant="ghost" size="sm" disabled={busy} onClick={() => setSelection(NO_SELECTION)}>
                  {text.cancel}
                </Button>
                <Button variant="destructive" size="sm" disabled={busy} onClick={() => void deleteSelected()}>
                  {busy ? (
                    <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
                  ) : (
                    <Trash2 aria-hidden="true" />
                  )}
                  {text.deleteSelected(selection.ids.size)}
                </Button>
              </>
            )}
          </div>
        )
      }
    >
      {photos.length === 0 ? (
        <p className="px-6 py-10 text-center text-muted-foreground text-sm">{text.emptyGrid}</p>
      ) : (
        <div className="p-3 sm:p-4">
          {selecting && (
            <p className="mb-3 hidden text-muted-foreground text-xs sm:block">{text.selectionHint}</p>
          )}
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3 lg:grid-cols-5 xl:grid-cols-6">
            {photos.map((photo) => (
              <PhotoTile
                key={photo.id}
                photo={photo}
                selected={selection.ids.has(photo.id)}
                selecting={selecting}
                deleting={deleting.has(photo.id)}
                onSelect={(event) => select(photo.id, event)}
                onOpen={(event) =>
                  selecting || event.shiftKey ? select(photo.id, event) : setPreviewId(photo.id)
                }
              />
            ))}
          </ul>
        </div>
      )}
      <PhotoPreviewDialog photo={preview} onClose={() => setPreviewId(null)} />
    </PhotoPanel>
  );
}

interface PhotoTileProps {
  photo: Photo;
  selected: boolean;
  selecting: boolean;
  deleting: boolean;
  onSelect: (event: MouseEvent) => void;
  onOpen: (event: MouseEvent) => void;
}

function PhotoTile({ photo, selected, selecting, deleting, onSelect, onOpen }: PhotoTileProps) {
  return (
    <li
      data-selected={selected || undefined}
      data-deleting={deleting || undefined}
      className={cn(
        'group relative aspect-square overflow-hidden rounded-lg bg-muted ring-offset-2 ring-offset-card transition-[opacity,transform] duration-300',
        selected && 'ring-2 ring-primary',
        deleting && 'scale-95 opacity-40',
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={selecting ? `Select ${photo.originalName}` : `Preview ${photo.originalName}`}
        className="absolute inset-0 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <PhotoImage
          photo={photo}
          size="grid"
          alt=""
          className="size-full transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </button>
      <span
        className={cn(
          'absolute top-1.5 left-1.5 grid size-7 place-items-center transition-opacity has-[:focus-visible]:opacity-100',
          !selecting && !selected && 'opacity-100 sm:opacity-0 sm:group-hover:opacity-100',
        )}
      >
        {/* A click (not a change) event, because it tells whether shift was held. */}
        <input
          type="checkbox"
          checked={selected}
          readOnly
          onClick={onSelect}
          aria-label={photo.originalName}
          className="col-start-1 row-start-1 size-7 cursor-pointer appearance-none rounded-full border-2 border-white bg-black/25 shadow-sm backdrop-blur-sm transition-colors checked:border-primary checked:bg-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1"
        />
        <Check
          aria-hidden="true"
          strokeWidth={3}
          className={cn(
            'pointer-events-none relative col-start-1 row-start-1 size-4',
            selected ? 'text-primary-foreground' : 'text-transparent',
          )}
        />
      </span>
      {deleting && (
        <span className="absolute inset-0 grid place-items-center bg-background/40">
          <LoaderCircle
            aria-hidden="true"
            className="size-6 animate-spin text-foreground motion-reduce:animate-none"
          />
        </span>
      )}
    </li>
  );
}

/** The full-size photo, over the page. */
function PhotoPreviewDialog({ photo, onClose }: { photo: Photo | null; onClose: () => void }) {
  return (
    <Dialog open={photo !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="w-auto max-w-[min(64rem,calc(100vw-2rem))] p-3 sm:p-4">
        <DialogTitle className="pr-10 font-sans font-medium text-base">
          <span className="block truncate">{photo?.originalName}</span>
        </DialogTitle>
        <DialogDescription className="sr-only">{text.previewTitle}</DialogDescription>
        {photo && (
          <PhotoImage
            photo={photo}
            size="full"
            className="mt-3 grid min-h-40 min-w-60 place-items-center rounded-lg bg-muted"
            imageClassName="h-auto max-h-[75dvh] w-auto max-w-full object-contain"
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
