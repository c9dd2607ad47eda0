import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Flag, FlagTriangleRight } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { PhotoImage } from './photo-image';
import type { Photo } from './photos-api';
import { rowParts, useRowWindow } from './use-row-window';

/** Where a finished drag moved a photo, as `reorderPhoto(from, to)` takes it; null when it stayed put. */
export function moveOfDrag(
  ids: readonly string[],
  activeId: string,
  overId: string | null,
): { from: number; to: number } | null {
  if (overId === null || activeId === overId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  return from === -1 || to === -1 ? null : { from, to };
}

/** Spec §9 drag activation: a mouse moves 8 px, a finger holds 250 ms within 5 px; Space starts a keyboard drag. */
function usePhotoDragSensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 8 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      // Enter is left to the photo itself (e.g. jump to it); Space picks up and puts down.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
}

function announcementsFor(photos: Photo[]): Announcements {
  const name = (id: string | number) => photos.find((photo) => photo.id === id)?.originalName ?? 'Photo';
  const place = (id: string | number) => photos.findIndex((photo) => photo.id === id) + 1;
  return {
    onDragStart: ({ active }) =>
      `Picked up ${name(active.id)}, position ${place(active.id)} of ${photos.length}.`,
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id
        ? `${name(active.id)} moved to position ${place(over.id)} of ${photos.length}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at position ${place(over.id)} of ${photos.length}.` : undefined,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}

interface SortablePhotoRowProps {
  photos: Photo[];
  onMove: (move: { from: number; to: number }) => void;
  /** Side of a square tile in px. */
  tileSize: number;
  /** Click-to-jump (the bottom strip); without it a tile only drags. */
  onSelect?: (index: number) => void;
  activeIndex?: number;
  /** The strip's START / END markers. */
  startLabel: string;
  endLabel: string;
  variant: 'board' | 'strip';
  className?: string;
}

/** Gaps between tiles and the START marker's width, in px, as the classes below draw them. */
const ROW_LAYOUT = { board: { gap: 12, marker: 64 }, strip: { gap: 8, marker: 48 } } as const;

/**
 * Photos in a horizontal row between START and END, reordered by mouse, touch or keyboard (spec §2
 * step 2). A long row mounts only the tiles near the view (and the one dragged, and the one shown);
 * spacers keep the rest's places, and the tiles come as the row scrolls, also under a drag.
 */
export function SortablePhotoRow({
  photos,
  onMove,
  tileSize,
  onSelect,
  activeIndex,
  startLabel,
  endLabel,
  variant,
  className,
}: SortablePhotoRowProps) {
  const sensors = usePhotoDragSensors();
  const ids = photos.map((photo) => photo.id);
  // A click that ends a drag is not a jump.
  const justDragged = useRef(false);
  const list = useRef<HTMLOListElement>(null);
  const [dragged, setDragged] = useState<string | null>(null);
  const { gap, marker } = ROW_LAYOUT[variant];
  const pitch = tileSize + gap;
  const mounted = useRowWindow(list, photos.length, pitch, marker + gap, [
    dragged === null ? undefined : ids.indexOf(dragged),
    activeIndex,
  ]);
  const parts = mounted ? rowParts(mounted, photos.length) : photos.map((_, tile) => ({ tile }));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    setTimeout(() => {
      justDragged.current = false;
    }, 0);
    const move = moveOfDrag(ids, String(active.id), over ? String(over.id) : null);
    if (move) onMove(move);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={({ active }) => {
        justDragged.current = true;
        setDragged(String(active.id));
      }}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        justDragged.current = false;
        setDragged(null);
      }}
      accessibility={{ announcements: announcementsFor(photos) }}
    >
      <ol ref={list} className={cn('flex items-center', variant === 'board' ? 'gap-3' : 'gap-2', className)}>
        <RowMarker label={startLabel} variant={variant} size={tileSize} icon={<Flag aria-hidden="true" />} />
        <SortableContext items={ids} strategy={horizontalListSortingStrategy}>
          {parts.map((part) => {
            if ('skipped' in part) {
              return (
                <li
                  key={`skipped-${part.from}`}
                  aria-hidden="true"
                  className="shrink-0"
                  style={{ width: part.skipped * pitch - gap, height: tileSize }}
                />
              );
            }
            const index = part.tile;
            const photo = photos[index] as Photo;
            return (
              <SortablePhotoTile
                key={photo.id}
                photo={photo}
                index={index}
                total={photos.length}
                size={tileSize}
                variant={variant}
                active={activeIndex === index}
                onSelect={
                  onSelect
                    ? () => {
                        if (!justDragged.current) onSelect(index);
                      }
                    : undefined
                }
              />
            );
          })}
        </SortableContext>
        <RowMarker
          label={endLabel}
          variant={variant}
          size={tileSize}
          icon={<FlagTriangleRight aria-hidden="true" />}
        />
      </ol>
    </DndContext>
  );
}

function RowMarker({
  label,
  variant,
  size,
  icon,
}: {
  label: string;
  variant: 'board' | 'strip';
  size: number;
  icon: ReactNode;
}) {
  return (
    <li
      aria-hidden="true"
      style={{ height: size }}
      className={cn(
        'flex shrink-0 flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-primary/30 bg-primary/5 font-semibold text-primary tracking-wider [&_svg]:size-4',
        variant === 'board' ? 'w-16 text-xs' : 'w-12 text-[10px]',
      )}
    >
      {icon}
      {label}
    </li>
  );
}

interface SortablePhotoTileProps {
  photo: Photo;
  index: number;
  total: number;
  size: number;
  variant: 'board' | 'strip';
  active: boolean;
  onSelect: (() => void) | undefined;
}

function SortablePhotoTile({ photo, index, total, size, variant, active, onSelect }: SortablePhotoTileProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: photo.id,
  });
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && onSelect) {
      event.preventDefault();
      onSelect();
      return;
    }
    listeners?.onKeyDown?.(event);
  };
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, width: size, height: size }}
      className={cn('relative shrink-0', isDragging && 'z-10')}
      data-photo-id={photo.id}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        onKeyDown={onKeyDown}
        onClick={onSelect}
        aria-label={`${photo.originalName}, photo ${index + 1} of ${total}`}
        aria-current={active ? 'true' : undefined}
        className={cn(
          'group block size-full cursor-grab touch-manipulation overflow-hidden rounded-lg bg-muted shadow-sm outline-none ring-offset-2 ring-offset-background transition-shadow focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing',
          active && 'ring-2 ring-primary',
          isDragging && 'scale-105 shadow-xl ring-2 ring-primary/60',
        )}
      >
        <PhotoImage photo={photo} size="strip" alt="" className="pointer-events-none size-full" />
        <span
          className={cn(
            'pointer-events-none absolute rounded-md bg-black/60 font-medium text-white tabular-nums backdrop-blur-sm',
            variant === 'board'
              ? 'bottom-1.5 left-1.5 px-1.5 py-0.5 text-xs'
              : 'bottom-1 left-1 px-1 text-[10px]',
          )}
        >
          {index + 1}
        </span>
      </button>
    </li>
  );
}
