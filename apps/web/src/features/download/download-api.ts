import { graphqlField } from '../../lib/graphql';
import { type LiveSubscription, subscribeLive } from '../../lib/graphql-ws';

/** The gateway's render operations (apps/gateway/src/renders), as step 9 uses them. */

export type RenderStatus =
  | 'pending'
  | 'queued'
  | 'preparing'
  | 'rendering'
  | 'encoding'
  | 'completed'
  | 'failed';

export interface RenderProgress {
  renderId: string;
  projectId: string;
  status: RenderStatus;
  /** 0–1. */
  progress: number;
  error: string | null;
  downloadUrl: string | null;
  estimatedTimeRemaining: number | null;
  createdAt: string;
  /** The video's frame in pixels (its format). */
  width: number;
  height: number;
}

const RENDER =
  'renderId projectId status progress error downloadUrl estimatedTimeRemaining createdAt width height';

export const renderKeys = {
  project: (projectId: string) => ['renders', projectId] as const,
  render: (renderId: string) => ['render', renderId] as const,
};

export function fetchRenders(projectId: string, signal?: AbortSignal): Promise<RenderProgress[]> {
  return graphqlField(
    'renders',
    `query Renders($projectId: ID!) { renders(projectId: $projectId) { ${RENDER} } }`,
    { projectId },
    signal,
  );
}

export function fetchRenderProgress(renderId: string, signal?: AbortSignal): Promise<RenderProgress> {
  return graphqlField(
    'renderProgress',
    `query RenderProgress($renderId: ID!) { renderProgress(renderId: $renderId) { ${RENDER} } }`,
    { renderId },
    signal,
  );
}

export function startRender(
  projectId: string,
): Promise<{ renderId: string; reused: boolean; initialProgress: RenderProgress }> {
  return graphqlField(
    'startRender',
    `mutation StartRender($projectId: ID!) { startRender(projectId: $projectId) { renderId reused initialProgress { ${RENDER} } } }`,
    { projectId },
  );
}

/** Pushes of this project's renders; the download URL is never in them (refetch on completed). */
export function subscribeRenderProgress(
  projectId: string,
  onProgress: (progress: RenderProgress) => void,
  onError: (error: Error) => void,
): LiveSubscription {
  return subscribeLive<{ renderProgress: RenderProgress }, { projectId: string }>(
    `subscription RenderProgress($projectId: ID!) { renderProgress(projectId: $projectId) { ${RENDER} } }`,
    { projectId },
    { onData: (data) => onProgress(data.renderProgress), onError },
  );
}
