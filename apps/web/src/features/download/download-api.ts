import { graphqlRequest } from '../../lib/graphql';
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
}

const RENDER = 'renderId projectId status progress error downloadUrl estimatedTimeRemaining createdAt';

export const renderKeys = {
  project: (projectId: string) => ['renders', projectId] as const,
  render: (renderId: string) => ['render', renderId] as const,
};

export async function fetchRenders(projectId: string, signal?: AbortSignal): Promise<RenderProgress[]> {
  const data = await graphqlRequest<{ renders: RenderProgress[] }, { projectId: string }>(
    `query Renders($projectId: ID!) { renders(projectId: $projectId) { ${RENDER} } }`,
    { projectId },
    signal,
  );
  return data.renders;
}

export async function fetchRenderProgress(renderId: string, signal?: AbortSignal): Promise<RenderProgress> {
  const data = await graphqlRequest<{ renderProgress: RenderProgress }, { renderId: string }>(
    `query RenderProgress($renderId: ID!) { renderProgress(renderId: $renderId) { ${RENDER} } }`,
    { renderId },
    signal,
  );
  return data.renderProgress;
}

export async function startRender(
  projectId: string,
): Promise<{ renderId: string; reused: boolean; initialProgress: RenderProgress }> {
  const data = await graphqlRequest<
    { startRender: { renderId: string; reused: boolean; initialProgress: RenderProgress } },
    { projectId: string }
  >(
    `mutation StartRender($projectId: ID!) { startRender(projectId: $projectId) { renderId reused initialProgress { ${RENDER} } } }`,
    { projectId },
  );
  return data.startRender;
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
