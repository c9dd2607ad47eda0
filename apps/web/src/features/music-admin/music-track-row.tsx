import { MAX_MUSIC_TITLE_LENGTH } from '@memoreel/contracts';
import { Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import type { MusicTrack } from './music-api';
import { formatDuration } from './music-list-order';

interface MusicTrackRowProps {
  track: MusicTrack;
  playing: boolean;
  onTogglePlay: () => void;
  /** Called with the trimmed title only when it differs. */
  onRename: (title: string) => void;
  onTogglePublic: () => void;
  onDelete: () => void;
}

/** One track of the manager: preview, inline rename (Enter saves, Escape cancels), public switch, delete. */
export function MusicTrackRow({
  track,
  playing,
  onTogglePlay,
  onRename,
  onTogglePublic,
  onDelete,
}: MusicTrackRowProps) {
  const [draft, setDraft] = useState<string | null>(null);

  const finish = (save: boolean) => {
    const title = draft?.trim() ?? '';
    setDraft(null);
    // Spec §2: nothing is sent when the trimmed title is unchanged (or empty).
    if (save && title && title !== track.title) onRename(title);
  };

  return (
    <li className="flex items-center gap-3 px-3 py-2.5 sm:px-4" data-testid="music-track">
      <Button
        variant={playing ? 'default' : 'outline'}
        size="icon"
        className="size-9 shrink-0 rounded-full"
        onClick={onTogglePlay}
        aria-label={`${playing ? 'Pause' : 'Play'} ${track.title}`}
        aria-pressed={playing}
      >
        {playing ? <Pause aria-hidden /> : <Play aria-hidden />}
      </Button>
      <div className="min-w-0 flex-1">
        {draft === null ? (
          <button
            type="button"
            className="group flex max-w-full items-center gap-1.5 rounded text-left font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => setDraft(track.title)}
            title="Rename"
          >
            <span className="truncate">{track.title}</span>
            <Pencil
              aria-hidden
              className="size-3.5 shrink-0 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
            />
            <span className="sr-only">Rename</span>
          </button>
        ) : (
          <Input
            autoFocus
            value={draft}
            maxLength={MAX_MUSIC_TITLE_LENGTH}
            aria-label={`New title for ${track.title}`}
            className="h-8"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') finish(true);
              if (event.key === 'Escape') {
                event.preventDefault();
                finish(false);
              }
            }}
            onBlur={() => finish(false)}
          />
        )}
        <p className="truncate text-muted-foreground text-xs">
          {formatDuration(track.duration)} · {track.format}
          {track.artist ? ` · ${track.artist}` : ''}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={track.isPublic}
        aria-label={`Public: ${track.title}`}
        onClick={onTogglePublic}
        className="flex shrink-0 items-center gap-2 rounded-full text-muted-foreground text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="max-sm:sr-only">{track.isPublic ? 'Public' : 'Hidden'}</span>
        <span
          aria-hidden
          className={cn(
            'relative h-5 w-9 rounded-full transition-colors',
            track.isPublic ? 'bg-primary' : 'bg-input',
          )}
        >
          <span
            className={cn(
              'absolute top-0.5 left-0.5 size-4 rounded-full bg-background shadow transition-transform',
              track.isPublic && 'translate-x-4',
            )}
          />
        </span>
      </button>
      <Button
        variant="ghost"
        size="icon"
        className="size-9 shrink-0 text-destructive"
        onClick={onDelete}
        aria-label={`Delete ${track.title}`}
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}
