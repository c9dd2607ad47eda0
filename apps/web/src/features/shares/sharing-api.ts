import type { PhotoCaption, PhotoTransform, VideoSettings } from '@memoreel/domain';
import { graphqlField, graphqlRequest } from '../../lib/graphql';
import { VIDEO_CARD_FIELDS } from '../design/video-settings-api';

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
  musicUrls: { id: string; url: string; beats: number[] | null }[];
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
  caption: PhotoCaption | null;
  width: number;
  height: number;
  /** Its faces: the framing of a 1:1 or 9:16 video keeps them in. */
  faces: { x: number; y: number; width: number; height: number }[];
}

const TRANSFORM = 'scale translateX translateY rotate';
const TRACK = 'id storage_path startTime duration instanceId title artist isTrimmed originalDuration';
/** What the player needs beyond the display fields: the composition's settings, photos and music. */
const SHARED_VIDEO_FIELDS = `videoSettings { durationPerPhoto transition cutOnBeat width height ${VIDEO_CARD_FIELDS} music { type selection customPath timelineTracks { ${TRACK} } } } photos { id url filter width height faces { x y width height } caption { text placement } transforms { start { ${TRANSFORM} } end { ${TRANSFORM} } } } musicUrls { id url beats } posterUrl phonePosterUrl videoUrl`;

const SHARE = 'id projectId shareTitle author message showViewCount viewCount createdAt updatedAt ogImageUrl';

export function fetchProjectShare(projectId: string, signal?: AbortSignal): Promise<Share | null> {
  return graphqlField(
    'projectShare',
    `query ProjectShare($projectId: ID!) { projectShare(projectId: $projectId) { ${SHARE} } }`,
    { projectId },
    signal,
  );
}

export function fetchShares(signal?: AbortSignal): Promise<Share[]> {
  return graphqlField('shares', `query Shares { shares { ${SHARE} } }`, {}, signal);
}

export function createShare(projectId: string, settings: ShareSettings): Promise<Share> {
  return graphqlField(
    'createShare',
    `mutation CreateShare($projectId: ID!, $settings: ShareSettingsInput!) { createShare(projectId: $projectId, settings: $settings) { ${SHARE} } }`,
    { projectId, settings },
  );
}

export function updateShare(id: string, settings: ShareSettings): Promise<Share> {
  return graphqlField(
    'updateShare',
    `mutation UpdateShare($id: ID!, $settings: ShareSettingsInput!) { updateShare(id: $id, settings: $settings) { ${SHARE} } }`,
    { id, settings },
  );
}

export async function deleteShare(id: string): Promise<void> {
  await graphqlRequest<{ deleteShare: { id: string } }, { id: string }>(
    'mutation DeleteShare($id: ID!) { deleteShare(id: $id) { id } }',
    { id },
  );
}

export function fetchSharedVideo(id: string, signal?: AbortSignal): Promise<SharedVideo> {
  return graphqlField(
    'sharedVideo',
    `query SharedVideo($id: ID!) { sharedVideo(id: $id) { id name shareTitle author message showViewCount viewCount createdAt updatedAt ${SHARED_VIDEO_FIELDS} } }`,
    { id },
    signal,
  );
}

export function recordShareView(id: string): Promise<{ counted: boolean; viewCount: number | null }> {
  return graphqlField(
    'recordShareView',
    'mutation RecordShareView($id: ID!) { recordShareView(id: $id) { counted viewCount } }',
    { id },
  );
}

export const shareKeys = {
  all: ['shares'] as const,
  list: () => [...shareKeys.all, 'list'] as const,
  project: (projectId: string) => [...shareKeys.all, 'project', projectId] as const,
  video: (id: string) => ['shared-video', id] as const,
};

/** The link anyone can open: {origin}/v/{shareId} (spec §9). */
export const shareLinkOf = (shareId: string) => `${window.location.origin}/v/${shareId}`;
