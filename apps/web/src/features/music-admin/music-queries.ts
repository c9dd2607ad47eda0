import { MUSIC_FILES_PER_DROP, musicExtensionOf, musicMessages } from '@memoreel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  completeMusicUploads,
  deleteMusicTrack,
  fetchMusicTracks,
  type MusicTrack,
  musicKeys,
  putMusicBytes,
  renameMusicTrack,
  requestMusicUploads,
  setMusicTrackPublic,
} from './music-api';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : undefined);

/** Every track, newest first (the server's order); signed URLs last an hour, so the list is refetched before. */
export function useMusicTracks(enabled: boolean) {
  return useQuery({
    queryKey: musicKeys.admin(),
    queryFn: ({ signal }) => fetchMusicTracks(signal),
    enabled,
    staleTime: 30_000,
    refetchInterval: 30 * 60_000,
  });
}

/** Replaces one track in the cached list, so a change shows before the refetch. */
function useReplaceTrack() {
  const queryClient = useQueryClient();
  return (track: MusicTrack) =>
    queryClient.setQueryData<MusicTrack[]>(musicKeys.admin(), (tracks) =>
      tracks?.map((each) => (each.id === track.id ? track : each)),
    );
}

/** A change to one track: the list shows the track as the server answers it, a toast says how it went. */
function useTrackUpdate<TVariables>(update: (variables: TVariables) => Promise<MusicTrack>) {
  const replace = useReplaceTrack();
  return useMutation({
    mutationFn: update,
    onSuccess: (track) => {
      replace(track);
      toast.success(musicMessages.updated);
    },
    onError: (error) => toast.error(musicMessages.updateFailed, { description: reasonOf(error) }),
  });
}

export const useRenameMusicTrack = () =>
  useTrackUpdate(({ id, title }: { id: string; title: string }) => renameMusicTrack(id, title));

export const useSetMusicTrackPublic = () =>
  useTrackUpdate(({ id, isPublic }: { id: string; isPublic: boolean }) => setMusicTrackPublic(id, isPublic));

export function useDeleteMusicTrack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteMusicTrack(id),
    onSuccess: (_, id) => {
      queryClient.setQueryData<MusicTrack[]>(musicKeys.admin(), (tracks) =>
        tracks?.filter((t) => t.id !== id),
      );
      toast.success(musicMessages.deleted);
    },
    onError: (error) => toast.error(musicMessages.deleteFailed, { description: reasonOf(error) }),
  });
}

/**
 * A drop of files (spec §5: .mp3/.wav/.aac/.m4a, at most 10): a presigned PUT each, then the
 * server reads every file and keeps it or says why not.
 */
export function useUploadMusic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (dropped: File[]) => {
      if (dropped.length > MUSIC_FILES_PER_DROP) throw new Error(musicMessages.tooManyFiles);
      const files = dropped.filter((file) => {
        if (musicExtensionOf(file.name)) return true;
        toast.error(musicMessages.uploadFailed, { description: musicMessages.wrongExtension(file.name) });
        return false;
      });
      if (files.length === 0) return [];
      const slots = await requestMusicUploads(
        files.map((file) => ({ name: file.name, size: file.size, contentType: file.type })),
      );
      const sent = await Promise.all(
        slots.map(async (slot) => {
          const file = files[slot.fileIndex] as File;
          try {
            await putMusicBytes(slot, file);
            return { uploadId: slot.uploadId, name: file.name };
          } catch (error) {
            toast.error(musicMessages.uploadFailed, { description: `${file.name}: ${reasonOf(error)}` });
            return null;
          }
        }),
      );
      const uploads = sent.filter((upload) => upload !== null);
      return uploads.length > 0 ? completeMusicUploads(uploads) : [];
    },
    onSuccess: (results) => {
      const added = results.flatMap((result) => (result.track ? [result.track] : []));
      for (const result of results) {
        if (result.error) toast.error(musicMessages.uploadFailed, { description: result.error });
      }
      if (added.length > 0) {
        toast.success(musicMessages.uploaded, {
          description: added.length > 1 ? added.map((track) => track.title).join(', ') : undefined,
        });
      }
    },
    onError: (error) => toast.error(musicMessages.uploadFailed, { description: reasonOf(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: musicKeys.admin() }),
  });
}
