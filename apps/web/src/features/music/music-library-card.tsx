import { formatTrackTime } from '@memoreel/domain';
import { Pause, Play, Plus } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { SkeletonRows } from '../../ui/skeleton';
import { videoStepsContent } from '../design/design-content';
import type { PublicMusicTrack } from './music-library-api';
import { usePublicMusicTracks } from './music-library-queries';

const text = videoStepsContent.music;

/** Spec §6: the public tracks, by title, each to listen to (one at a time) and to add. */
export function MusicLibraryCard({
  playingId,
  onTogglePreview,
  canAdd,
  onAdd,
}: {
  playingId: string | null;
  onTogglePreview: (track: PublicMusicTrack) => void;
  canAdd: boolean;
  onAdd: (track: PublicMusicTrack) => void;
}) {
  const tracks = usePublicMusicTracks();
  let body: React.ReactNode;
  if (tracks.isPending) {
    body = <SkeletonRows count={3} className="space-y-2" rowClassName="h-14 w-full rounded-lg" />;
  } else if (tracks.isError) {
    body = <p className="text-destructive text-sm">{text.tracksFailed}</p>;
  } else if (tracks.data.length === 0) {
    body = <p className="text-muted-foreground text-sm">{text.tracksEmpty}</p>;
  } else {
    body = (
      <ul aria-label={text.tracksTitle} className="divide-y rounded-lg border">
        {tracks.data.map((track) => {
          const playing = playingId === track.id;
          return (
            <li
              key={track.id}
              className={cn(
                'flex items-center gap-2 px-2.5 py-2.5 sm:gap-3 sm:px-4',
                playing && 'bg-primary/5',
              )}
            >
              <Button
                variant={playing ? 'default' : 'outline'}
                size="icon"
                className="shrink-0 rounded-full"
                aria-label={playing ? text.pause(track.title) : text.play(track.title)}
                onClick={() => onTogglePreview(track)}
              >
                {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
              </Button>
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-sm">{track.title}</p>
                {track.artist && <p className="truncate text-muted-foreground text-xs">{track.artist}</p>}
              </div>
              <span className="text-muted-foreground text-sm tabular-nums">
                {formatTrackTime(track.duration)}
              </span>
              <Button
                variant="secondary"
                size="sm"
                aria-label={text.addLabel(track.title)}
                disabled={!canAdd}
                onClick={() => onAdd(track)}
              >
                <Plus aria-hidden="true" /> <span className="sr-only sm:not-sr-only">{text.add}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <Card>
      <CardHeader className="p-4 sm:p-6">
        <CardTitle>{text.tracksTitle}</CardTitle>
        <CardDescription>{canAdd ? text.tracksDescription : text.full}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">{body}</CardContent>
    </Card>
  );
}
