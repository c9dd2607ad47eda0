import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formatTrackTime, musicTimelineMessages, type TimelineTrack, timelineEnd } from '@memoreel/domain';
import { ChevronDown, ChevronUp, GripVertical, type LucideIcon, Music2, Scissors, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { videoStepsContent } from '../design/design-content';
import { SaveStatus } from '../design/save-status';
import type { AutosaveStatus } from '../design/use-autosave';
import { moveOfDrag } from '../photos/sortable-photo-row';

const text = videoStepsContent.music;
/** Alternating tints so neighbouring tracks stay apart on the bar. */
const SEGMENT_TINTS = ['bg-primary', 'bg-primary/60'] as const;

/** The timeline: a bar the length of the video with each track where it plays, then the tracks in order. */
export function MusicTimelineCard({
  timeline,
  videoSeconds,
  saveStatus,
  onRemove,
  onMove,
}: {
  timeline: TimelineTrack[];
  videoSeconds: number;
  saveStatus: AutosaveStatus;
  onRemove: (instanceId: string) => void;
  onMove: (from: number, to: number) => void;
}) {
  const musicSeconds = timelineEnd(timeline);
  return (
    <Card>
      <CardHeader className="gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:gap-4 sm:p-6">
        <div className="space-y-1.5">
          <CardTitle>{text.timelineTitle}</CardTitle>
          <CardDescription>
            {text.videoLength(formatTrackTime(videoSeconds))} ·{' '}
            {text.musicLength(formatTrackTime(musicSeconds))}
          </CardDescription>
        </div>
        <SaveStatus status={saveStatus} />
      </CardHeader>
      <CardContent className="space-y-4 p-4 pt-0 sm:p-6 sm:pt-0">
        <div
          aria-hidden="true"
          className="relative h-3 overflow-hidden rounded-full bg-muted"
          data-testid="timeline-bar"
        >
          {timeline.map((track, index) => (
            <span
              key={track.instanceId}
              className={cn(
                'absolute inset-y-0 border-background border-r-2',
                SEGMENT_TINTS[index % SEGMENT_TINTS.length],
              )}
              style={{
                left: `${(track.startTime / videoSeconds) * 100}%`,
                width: `${(track.duration / videoSeconds) * 100}%`,
              }}
            />
          ))}
        </div>
        {timeline.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm">
            {text.timelineEmpty}
          </p>
        ) : (
          <SortableTimeline timeline={timeline} onMove={onMove}>
            {timeline.map((track, index) => (
              <TimelineRow
                key={track.instanceId}
                track={track}
                index={index}
                isFirst={index === 0}
                isLast={index === timeline.length - 1}
                onRemove={() => onRemove(track.instanceId)}
                onMove={(to) => onMove(index, to)}
              />
            ))}
          </SortableTimeline>
        )}
      </CardContent>
    </Card>
  );
}

/** A track moves along the list only. */
const alongTheList: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** Drag activation as the photo row has it: a mouse moves 8 px, a finger holds 250 ms within 5 px. */
function useTimelineDragSensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 8 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** The tracks in play order, reordered by dragging a row's handle (spec 2 §4 "Timeline"). */
function SortableTimeline({
  timeline,
  onMove,
  children,
}: {
  timeline: TimelineTrack[];
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}) {
  const sensors = useTimelineDragSensors();
  const ids = timeline.map((track) => track.instanceId);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const move = moveOfDrag(ids, String(active.id), over ? String(over.id) : null);
    if (move) onMove(move.from, move.to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[alongTheList]}
      onDragEnd={onDragEnd}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol aria-label={text.timelineTitle} className="divide-y rounded-lg border">
          {children}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function TimelineRow({
  track,
  index,
  isFirst,
  isLast,
  onRemove,
  onMove,
}: {
  track: TimelineTrack;
  index: number;
  isFirst: boolean;
  isLast: boolean;
  onRemove: () => void;
  onMove: (to: number) => void;
}) {
  const title = track.title ?? track.id;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: track.instanceId });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn(
        'flex items-center gap-2 bg-card px-2.5 py-2.5 sm:gap-3 sm:px-4',
        isDragging && 'relative z-10 shadow-lg',
      )}
      data-testid="timeline-track"
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={text.drag(title)}
        className="grid size-8 shrink-0 cursor-grab touch-none place-items-center rounded-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
        data-testid="timeline-drag-handle"
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </button>
      <span className="hidden size-9 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary sm:grid">
        <Music2 aria-hidden="true" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-sm">{title}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-muted-foreground text-xs tabular-nums">
          {track.artist && <span className="truncate">{track.artist}</span>}
          <span>
            {text.plays(formatTrackTime(track.startTime), formatTrackTime(track.startTime + track.duration))}
          </span>
          {track.isTrimmed && track.originalDuration !== undefined && (
            <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-500/10 px-2 py-0.5 text-amber-700 dark:text-amber-400">
              <Scissors aria-hidden="true" className="size-3" />
              {musicTimelineMessages.trimmedFrom(track.originalDuration)}
            </span>
          )}
        </p>
      </div>
      <span className="hidden font-medium text-sm tabular-nums sm:block">
        {formatTrackTime(track.duration)}
      </span>
      <div className="flex shrink-0 items-center">
        <RowButton
          label={text.earlier(title)}
          icon={ChevronUp}
          disabled={isFirst}
          onClick={() => onMove(index - 1)}
        />
        <RowButton
          label={text.later(title)}
          icon={ChevronDown}
          disabled={isLast}
          onClick={() => onMove(index + 1)}
        />
        <RowButton label={text.remove(title)} icon={X} onClick={onRemove} />
      </div>
    </li>
  );
}

/** A row's small icon button, named for screen readers by `label`. */
function RowButton({
  label,
  icon: Icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: LucideIcon;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8 sm:size-10"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
