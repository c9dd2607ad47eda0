import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { notificationKeys } from '../notifications/use-pending-photo-summary';
import { useRefreshPhotos } from '../photos/photo-queries';
import { friendLinkText } from './friend-link-text';
import {
  acceptPendingPhotos,
  createFriendLink,
  deactivateFriendLink,
  fetchFriendLinks,
  fetchPendingPhotos,
  rejectPendingPhotos,
} from './friend-links-api';

export const friendLinkKeys = {
  list: (projectId: string) => ['friend-links', projectId] as const,
};

export function useFriendLinks(projectId: string) {
  return useQuery({
    queryKey: friendLinkKeys.list(projectId),
    queryFn: ({ signal }) => fetchFriendLinks(projectId, signal),
  });
}

export function useCreateFriendLink(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays?: number) => createFriendLink(projectId, expiresInDays),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: friendLinkKeys.list(projectId) }),
    onError: () => toast.error(friendLinkText.createFailed),
  });
}

export function useDeactivateFriendLink(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateFriendLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: friendLinkKeys.list(projectId) }),
    onError: () => toast.error(friendLinkText.deactivateFailed),
  });
}

/** Spec §7: the pending photos of a project; refetched when the bell's live push names the project. */
export function usePendingPhotos(projectId: string) {
  return useQuery({
    queryKey: notificationKeys.pendingOf(projectId),
    queryFn: ({ signal }) => fetchPendingPhotos(projectId, signal),
    // Thumbnails are made by a job right after a friend's upload, as for the owner's photos.
    refetchInterval: (query) => (query.state.data?.some((photo) => photo.urls === null) ? 1_000 : false),
  });
}

/** Spec §7: after photo changes, photos by project, pending-photos and pending-photos-count. */
function useAfterReview(projectId: string) {
  const queryClient = useQueryClient();
  const refreshPhotos = useRefreshPhotos(projectId);
  return () =>
    Promise.all([
      refreshPhotos(),
      queryClient.invalidateQueries({ queryKey: notificationKeys.pendingOf(projectId) }),
      queryClient.invalidateQueries({ queryKey: notificationKeys.pendingSummary() }),
    ]);
}

/** One way of deciding on pending photos; `done` says how many it decided on. */
function useReview(
  projectId: string,
  review: (projectId: string, ids: string[]) => Promise<string[]>,
  done: (count: number) => string,
) {
  const refresh = useAfterReview(projectId);
  return useMutation({
    mutationFn: (ids: string[]) => review(projectId, ids),
    onSuccess: (ids) => {
      toast.success(done(ids.length));
      return refresh();
    },
    onError: () => toast.error(friendLinkText.reviewFailed),
  });
}

export function useReviewPendingPhotos(projectId: string) {
  const accept = useReview(projectId, acceptPendingPhotos, friendLinkText.accepted);
  const reject = useReview(projectId, rejectPendingPhotos, friendLinkText.rejected);
  return { accept, reject, busy: accept.isPending || reject.isPending };
}
