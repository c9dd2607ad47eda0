import { type PhotoCaption, type PhotoFilter, photoMessages } from '@memoreel/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { projectKeys } from '../project/queries';
import {
  deletePhotos,
  fetchPhotoQuota,
  fetchPhotos,
  type Photo,
  reorderPhoto,
  setPhotoCaption,
  setPhotoFilter,
  setPhotoTransforms,
  setPhotoTransformsOnLeave,
} from './photos-api';
import { photosContent } from './photos-content';

export const photoKeys = {
  all: ['photos'] as const,
  project: (projectId: string) => [...photoKeys.all, projectId] as const,
  list: (projectId: string) => [...photoKeys.project(projectId), 'list'] as const,
  quota: (projectId: string) => [...photoKeys.project(projectId), 'quota'] as const,
};

/** Thumbnails are made by a job right after an upload; ask again until every photo has them. */
const THUMBNAILS_POLL_MS = 1_000;

export function usePhotos(projectId: string) {
  return useQuery({
    queryKey: photoKeys.list(projectId),
    queryFn: ({ signal }) => fetchPhotos(projectId, signal),
    refetchInterval: (query) =>
      query.state.data?.some((photo) => photo.urls === null) ? THUMBNAILS_POLL_MS : false,
  });
}

export function usePhotoQuota(projectId: string) {
  return useQuery({
    queryKey: photoKeys.quota(projectId),
    queryFn: ({ signal }) => fetchPhotoQuota(projectId, signal),
  });
}

/** After photos come or go: this project's photos and quota, and the dashboard's counts. */
export function useRefreshPhotos(projectId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: photoKeys.project(projectId) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
    ]);
}

export function useDeletePhotos(projectId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshPhotos(projectId);
  return useMutation({
    mutationFn: (ids: string[]) => deletePhotos(projectId, ids),
    onSuccess: (deleted) => {
      const gone = new Set(deleted);
      queryClient.setQueryData<Photo[]>(photoKeys.list(projectId), (photos) =>
        photos?.filter((photo) => !gone.has(photo.id)),
      );
      return refresh();
    },
  });
}

/** Moves one photo in a list, as `reorderPhoto(from, to)` does on the server. */
export function movedPhoto<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(to, 0, moved);
  return next;
}

/** The same objects signed again: each URL's path unchanged (only its signature and date differ). */
function sameObjects(shown: Photo['urls'], fresh: Photo['urls']): boolean {
  if (!shown || !fresh) return shown === fresh;
  const path = (url: string | null) => url?.split('?')[0] ?? null;
  return (Object.keys(fresh) as (keyof NonNullable<Photo['urls']>)[]).every(
    (size) => path(shown[size]) === path(fresh[size]),
  );
}

/**
 * The server's answer over the photos already shown: a photo whose objects did not change keeps the
 * URLs it was shown with (new signatures would load every thumbnail again), and the very object
 * where nothing else changed either, so its tile does not render again.
 */
export function inServerOrder(shown: readonly Photo[] | undefined, fresh: readonly Photo[]): Photo[] {
  const byId = new Map(shown?.map((photo) => [photo.id, photo]));
  return fresh.map((photo) => {
    const kept = byId.get(photo.id);
    if (!kept || !sameObjects(kept.urls, photo.urls)) return photo;
    const next = { ...photo, urls: kept.urls };
    return JSON.stringify(next) === JSON.stringify(kept) ? kept : next;
  });
}

/** Spec §2 reordering: the new order shows at once and goes back if the server refuses it. */
export function useReorderPhoto(projectId: string) {
  const queryClient = useQueryClient();
  const key = photoKeys.list(projectId);
  const mutationKey = [...photoKeys.project(projectId), 'reorder'];
  return useMutation({
    mutationKey,
    mutationFn: ({ from, to }: { from: number; to: number }) => reorderPhoto(projectId, from, to),
    onMutate: async ({ from, to }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Photo[]>(key);
      if (before) queryClient.setQueryData<Photo[]>(key, movedPhoto(before, from, to));
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(photosContent.sort.reorderFailed);
    },
    onSuccess: (photos) => {
      // A later move may already be showing; only the last answer is the whole truth.
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        queryClient.setQueryData<Photo[]>(key, (shown) => inServerOrder(shown, photos));
      }
    },
  });
}

function replacePhoto(photos: Photo[] | undefined, photo: Photo) {
  return photos?.map((each) => (each.id === photo.id ? photo : each));
}

/** Spec §8: 'Filter applied', or 'Failed to apply filter' with the filter put back. */
export function useSetPhotoFilter(projectId: string) {
  const queryClient = useQueryClient();
  const key = photoKeys.list(projectId);
  return useMutation({
    mutationFn: ({ id, filter }: { id: string; filter: PhotoFilter }) => setPhotoFilter(id, filter),
    onMutate: async ({ id, filter }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Photo[]>(key);
      queryClient.setQueryData<Photo[]>(key, (photos) =>
        photos?.map((photo) => (photo.id === id ? { ...photo, filter } : photo)),
      );
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast.error(photoMessages.filterFailed);
    },
    onSuccess: (photo) => {
      queryClient.setQueryData<Photo[]>(key, (photos) => replacePhoto(photos, photo));
      toast.success(photoMessages.filterApplied);
    },
  });
}

/** Saves a photo's caption; the editor keeps its own copy, so the cache only follows. */
export function useSetPhotoCaption(projectId: string) {
  const queryClient = useQueryClient();
  const key = photoKeys.list(projectId);
  return useMutation({
    mutationFn: ({ id, caption }: { id: string; caption: PhotoCaption | null }) =>
      setPhotoCaption(id, caption),
    onSuccess: (photo) => queryClient.setQueryData<Photo[]>(key, (photos) => replacePhoto(photos, photo)),
  });
}

/** Saves a photo's motion; the editor keeps its own copy, so the cache only follows. */
export function useSetPhotoTransforms(projectId: string) {
  const queryClient = useQueryClient();
  const key = photoKeys.list(projectId);
  return useMutation({
    mutationFn: ({ id, transforms }: { id: string; transforms: Photo['transforms'] }) =>
      setPhotoTransforms(id, transforms),
    onSuccess: (photo) => queryClient.setQueryData<Photo[]>(key, (photos) => replacePhoto(photos, photo)),
    onError: () => toast.error(photoMessages.transformFailed),
  });
}

/**
 * The save for a page going away: sent with keepalive, nobody waits for its answer; the cache takes
 * the motion at once, in case the page stays (a hidden tab coming back).
 */
export function useSetPhotoTransformsOnLeave(projectId: string) {
  const queryClient = useQueryClient();
  const key = photoKeys.list(projectId);
  return ({ id, transforms }: { id: string; transforms: Photo['transforms'] }) => {
    queryClient.setQueryData<Photo[]>(key, (photos) =>
      photos?.map((photo) => (photo.id === id ? { ...photo, transforms } : photo)),
    );
    setPhotoTransformsOnLeave(id, transforms);
  };
}

/** How many motion saves go at once when many photos change together (Auto motion for all). */
const MANY_SAVES_AT_ONCE = 4;

/**
 * Sets the motion of many photos at once: the cache takes it at once (the editor shows it), the saves
 * go a few at a time; a failed save says so and the list is fetched again, so nothing shows that
 * was not stored.
 */
export function useSetManyPhotoTransforms(projectId: string) {
  const queryClient = useQueryClient();
  const key = photoKeys.list(projectId);
  /** `shown`: called once the cache holds the new motion, before anything is sent. */
  return async (changes: { id: string; transforms: Photo['transforms'] }[], shown: () => void) => {
    const byId = new Map(changes.map((change) => [change.id, change.transforms]));
    queryClient.setQueryData<Photo[]>(key, (photos) =>
      photos?.map((photo) => {
        const transforms = byId.get(photo.id);
        return transforms ? { ...photo, transforms } : photo;
      }),
    );
    shown();
    const queue = [...changes];
    let failed = false;
    await Promise.all(
      Array.from({ length: Math.min(MANY_SAVES_AT_ONCE, queue.length) }, async () => {
        for (let change = queue.shift(); change; change = queue.shift()) {
          await setPhotoTransforms(change.id, change.transforms).then(
            (photo) => queryClient.setQueryData<Photo[]>(key, (photos) => replacePhoto(photos, photo)),
            () => {
              failed = true;
            },
          );
        }
      }),
    );
    if (failed) {
      toast.error(photoMessages.transformFailed);
      await queryClient.invalidateQueries({ queryKey: key });
    }
  };
}
