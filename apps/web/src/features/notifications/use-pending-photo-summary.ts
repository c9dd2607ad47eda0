import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchPendingPhotoSummary, subscribeToPendingPhotos } from './notifications-api';

export const notificationKeys = {
  all: ['notifications'] as const,
  pendingSummary: () => [...notificationKeys.all, 'pending-photos-count'] as const,
  pendingOf: (projectId: string) => ['pending-photos', projectId] as const,
};

/** A dropped live subscription is opened again after this long (and the summary refetched). */
const RESUBSCRIBE_MS = 3_000;

/**
 * The bell's count: fetched once, then refetched whenever the gateway pushes a change of this
 * user's pending photos — no polling. After a lost connection it subscribes again and refetches,
 * so a change missed meanwhile still shows.
 */
export function usePendingPhotoSummary(userId: string | null) {
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation opens the subscription again.
  useEffect(() => {
    if (!userId) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const live = subscribeToPendingPhotos(
      (change) => {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.pendingSummary() });
        void queryClient.invalidateQueries({ queryKey: notificationKeys.pendingOf(change.projectId) });
      },
      () => {
        retry = setTimeout(() => setGeneration((n) => n + 1), RESUBSCRIBE_MS);
      },
    );
    // Subscribed: whatever changed before now is fetched fresh.
    void live.ready
      .then(() => queryClient.invalidateQueries({ queryKey: notificationKeys.pendingSummary() }))
      .catch(() => {});
    return () => {
      clearTimeout(retry);
      live.unsubscribe();
    };
  }, [userId, queryClient, generation]);

  return useQuery({
    queryKey: notificationKeys.pendingSummary(),
    queryFn: ({ signal }) => fetchPendingPhotoSummary(signal),
    enabled: userId !== null,
  });
}
