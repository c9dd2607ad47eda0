import { graphqlField } from '../../lib/graphql';
import { type LiveSubscription, subscribeLive } from '../../lib/graphql-ws';

export interface PendingPhotoSummary {
  total: number;
  projects: { projectId: string; projectName: string; count: number }[];
}

export function fetchPendingPhotoSummary(signal?: AbortSignal): Promise<PendingPhotoSummary> {
  return graphqlField(
    'pendingPhotoSummary',
    'query PendingPhotoSummary { pendingPhotoSummary { total projects { projectId projectName count } } }',
    {},
    signal,
  );
}

/** Pushed by the gateway when this user's pending photos change (only theirs). */
export function subscribeToPendingPhotos(
  onChange: (change: { projectId: string; total: number }) => void,
  onError: (error: Error) => void,
): LiveSubscription {
  return subscribeLive<{ pendingPhotosChanged: { projectId: string; total: number } }, Record<string, never>>(
    'subscription PendingPhotosChanged { pendingPhotosChanged { projectId total } }',
    {},
    { onData: (data) => onChange(data.pendingPhotosChanged), onError },
  );
}
