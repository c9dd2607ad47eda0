import { ArrowDown, ArrowUp, ListMusic } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { ConfirmDeleteDialog } from '../../ui/confirm-delete-dialog';
import { ListLoadFailed } from '../../ui/list-load-failed';
import { SkeletonRows } from '../../ui/skeleton';
import { adminOnlyPage } from '../admin-users/admin-only';
import type { MusicTrack } from './music-api';
import { MusicDropzone } from './music-dropzone';
import {
  type MusicOrder,
  type MusicSortKey,
  NEWEST_FIRST,
  nextOrder,
  sortMusicTracks,
} from './music-list-order';
import {
  useDeleteMusicTrack,
  useMusicTracks,
  useRenameMusicTrack,
  useSetMusicTrackPublic,
  useUploadMusic,
} from './music-queries';
import { MusicTrackRow } from './music-track-row';
import { useTrackPreview } from './use-track-preview';

/** /admin/music (spec §2 Admin Music Manager). The render service refuses non-admins whatever this page shows. */
export const MusicAdminPage = adminOnlyPage('The music manager', MusicManager);

function MusicManager() {
  const tracks = useMusicTracks(true);
  const upload = useUploadMusic();
  const rename = useRenameMusicTrack();
  const setPublic = useSetMusicTrackPublic();
  const remove = useDeleteMusicTrack();
  const preview = useTrackPreview();
  const [order, setOrder] = useState<MusicOrder>(NEWEST_FIRST);
  const [deleting, setDeleting] = useState<MusicTrack | null>(null);
  const sorted = useMemo(() => sortMusicTracks(tracks.data ?? [], order), [tracks.data, order]);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Music Manager · Memoreel</title>
      <h1 className="font-display font-medium text-3xl tracking-tight">Music Manager</h1>
      <p className="mt-2 text-muted-foreground">
        Tracks marked public are offered to everyone in the music step.
      </p>

      <div className="mt-8">
        <MusicDropzone onFiles={(files) => upload.mutate(files)} uploading={upload.isPending} />
      </div>

      <Card className="mt-6">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 pb-4">
          <div>
            <CardTitle className="flex items-center gap-2">
              <ListMusic aria-hidden className="size-5 text-primary" /> Tracks
            </CardTitle>
            <CardDescription>{tracks.data ? `${tracks.data.length} in the library` : ' '}</CardDescription>
          </div>
          <fieldset className="flex items-center gap-1" aria-label="Sort tracks">
            <Button
              variant={order.key === 'newest' ? 'secondary' : 'ghost'}
              size="sm"
              aria-pressed={order.key === 'newest'}
              onClick={() => setOrder(NEWEST_FIRST)}
            >
              Newest
            </Button>
            <SortButton label="Title" sortKey="title" order={order} onChange={setOrder} />
            <SortButton label="Duration" sortKey="duration" order={order} onChange={setOrder} />
          </fieldset>
        </CardHeader>
        <CardContent className="p-0 pb-2">
          {tracks.isPending ? (
            <SkeletonRows count={3} className="space-y-3 px-4 py-2" rowClassName="h-10" />
          ) : tracks.isError ? (
            <ListLoadFailed things="tracks" />
          ) : sorted.length === 0 ? (
            <p className="px-6 py-6 text-muted-foreground text-sm">No tracks yet: drop some audio above.</p>
          ) : (
            <ul className="max-h-[380px] divide-y overflow-y-auto border-t" data-testid="music-track-list">
              {sorted.map((track) => (
                <MusicTrackRow
                  key={track.id}
                  track={track}
                  playing={preview.playingId === track.id}
                  onTogglePlay={() => preview.toggle(track)}
                  onRename={(title) => rename.mutate({ id: track.id, title })}
                  onTogglePublic={() => setPublic.mutate({ id: track.id, isPublic: !track.isPublic })}
                  onDelete={() => setDeleting(track)}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete track"
        deleting={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          if (preview.playingId === deleting.id) preview.stop();
          remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
        }}
      >
        "{deleting?.title}" and its file will be removed from the library.
      </ConfirmDeleteDialog>
    </div>
  );
}

function SortButton({
  label,
  sortKey,
  order,
  onChange,
}: {
  label: string;
  sortKey: Exclude<MusicSortKey, 'newest'>;
  order: MusicOrder;
  onChange: (order: MusicOrder) => void;
}) {
  const active = order.key === sortKey;
  const Arrow = order.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <Button
      variant={active ? 'secondary' : 'ghost'}
      size="sm"
      aria-pressed={active}
      aria-label={`Sort by ${label.toLowerCase()}${active ? (order.direction === 'asc' ? ', ascending' : ', descending') : ''}`}
      onClick={() => onChange(nextOrder(order, sortKey))}
    >
      {label}
      {active && <Arrow aria-hidden />}
    </Button>
  );
}
