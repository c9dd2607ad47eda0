import type { PhotoTransform, VideoSettings } from '@memoreel/domain';
import { graphqlRequest } from '../../lib/graphql';

/** The gateway's sharing operations (apps/gateway/src/sharing), as the SPA uses them. */

export interface Share {
  id: string;
  projectId: string;
  shareTitle: string;
  author: string | null;
  message: string | null;
  showViewCount: boolean;
  viewCount: number;
  createdAt: string;
  updatedAt: string;
  /** Set when sharing made the link preview from the first photo; null when it could not. */
  ogImageUrl: string | null;
}

export interface ShareSettings {
  shareTitle: string;
  author: string;
  message: string;
  showViewCount: boolean;
}

export interface SharedVideo {
  id: string;
  name: string | null;
  shareTitle: string;
  author: string | null;
  message: string | null;
  showViewCount: boolean;
  viewCount: number | null;
  createdAt: string;
  updatedAt: string;
  videoSettings: VideoSettings;
  /** In display order: a signed URL of each one's filtered video derivative (else its carousel size). */
  photos: SharedPhoto[];
  /** A signed URL to play each track of the timeline, by track id. */
  musicUrls: { id: string; url: string }[];
  /** The first paint: the first photo, as light as it can be. */
  posterUrl: string | null;
  /** The same photo for a phone-wide page (480 px), when it has no filter. */
  phonePosterUrl: string | null;
  videoUrl: string | null;
}

export interface SharedPhoto {
  id: string;
  url: string;
  filter: string;
  transforms: { start: PhotoTransform; end: PhotoTransform };
  width: number;
  height: number;
}

const TRANSFORM = 'scale translateX translateY rotate';
const TRACK = 'id storage_path startTime duration instanceId title artist isTrimmed originalDuration';
/** What the player needs beyond the display fields: the composition's settings, photos and music. */
const SHARED_VIDEO_FIELDS = `videoSettings { durationPerPhoto transition width height music { type selection customPath timelineTracks { ${TRACK} } } } photos { id url filter width height transforms { start { ${TRANSFORM} } end { ${TRANSFORM} } } } musicUrls { id url } posterUrl phonePosterUrl videoUrl`;

const SHARE = 'id projectId shareTitle author message showViewCount viewCount createdAt updatedAt ogImageUrl';

export async function fetchProjectShare(projectId: string, signal?: AbortSignal): Promise<Share | null> {
  const data = await graphqlRequest<{ projectShare: Share | null }, { projectId: string }>(
    `query ProjectShare($projectId: ID!) { projectShare(projectId: $projectId) { ${SHARE} } }`,
    { projectId },
    signal,
  );
  return data.projectShare;
}

export async function fetchShares(signal?: AbortSignal): Promise<Share[]> {
  const data = await graphqlRequest<{ shares: Share[] }>(`query Shares { shares { ${SHARE} } }`, {}, signal);
  return data.shares;
}

export async function createShare(projectId: string, settings: ShareSettings): Promise<Share> {
  const data = await graphqlRequest<{ createShare: Share }, { projectId: string; settings: ShareSettings }>(
    `mutation CreateShare($projectId: ID!, $settings: ShareSettingsInput!) { createShare(projectId: $projectId, settings: $settings) { ${SHARE} } }`,
    { projectId, settings },
  );
  return data.createShare;
}

export async function updateShare(id: string, settings: ShareSettings): Promise<Share> {
  const data = await graphqlRequest<{ updateShare: Share }, { id: string; settings: ShareSettings }>(
    `mutation UpdateShare($id: ID!, $settings: ShareSettingsInput!) { updateShare(id: $id, settings: $settings) { ${SHARE} } }`,
    { id, settings },
  );
  return data.updateShare;
}

export async function deleteShare(id: string): Promise<void> {
  await graphqlRequest<{ deleteShare: { id: string } }, { id: string }>(
    'mutation DeleteShare($id: ID!) { deleteShare(id: $id) { id } }',
    { id },
  );
}

export async function fetchSharedVideo(id: string, signal?: AbortSignal): Promise<SharedVideo> {
  const data = await graphqlRequest<{ sharedVideo: SharedVideo }, { id: string }>(
    `query SharedVideo($id: ID!) { sharedVideo(id: $id) { id name shareTitle author message showViewCount viewCount createdAt updatedAt ${SHARED_VIDEO_FIELDS} } }`,
    { id },
    signal,
  );
  return data.sharedVideo;
}

export async function recordShareView(id: string): Promise<{ counted: boolean; viewCount: number | null }> {
  const data = await graphqlRequest<
    { recordShareView: { counted: boolean; viewCount: number | null } },
    { id: string }
  >('mutation RecordShareView($id: ID!) { recordShareView(id: $id) { counted viewCount } }', { id });
  return data.recordShareView;
}

export const shareKeys = {
  all: ['shares'] as const,
  list: () => [...shareKeys.all, 'list'] as const,
  project: (projectId: string) => [...shareKeys.all, 'project', projectId] as const,
  video: (id: string) => ['shared-video', id] as const,
};

/** The link anyone can open: {origin}/v/{shareId} (spec §9). */
export const shareLinkOf = (shareId: string) => `${window.location.origin}/v/${shareId}`;
