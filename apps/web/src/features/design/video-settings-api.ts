import {
  parseVideoSettings,
  type TimelineTrack,
  type Transition,
  type VideoSettings,
  type VideoSize,
} from '@memoreel/domain';

export type VideoCards = Pick<VideoSettings, 'opening' | 'closing' | 'font'>;

import { graphqlRequest, graphqlRequestOnLeave } from '../../lib/graphql';

/** The project's video_settings (spec 2 §3) through the gateway's `project` and `updateVideoSettings`. */

const TRACK_FIELDS = 'id storage_path startTime duration instanceId title artist isTrimmed originalDuration';
const BACKGROUND_FIELDS = 'background { kind color photoId }';
/** The title and closing cards and their typeface, wherever settings are read (the share page too). */
export const VIDEO_CARD_FIELDS = `font opening { title subtitle seconds ${BACKGROUND_FIELDS} } closing { message seconds ${BACKGROUND_FIELDS} }`;
const SETTINGS_FIELDS = `durationPerPhoto transition cutOnBeat width height ${VIDEO_CARD_FIELDS}
  music { type selection customPath timelineTracks { ${TRACK_FIELDS} } }`;

type StoredSettings = Record<string, unknown>;

/** GraphQL answers null for an optional field never stored; the domain reads those as absent. */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [key, withoutNulls(field)]),
  );
}

export async function fetchVideoSettings(projectId: string, signal?: AbortSignal): Promise<VideoSettings> {
  const data = await graphqlRequest<{ project: { videoSettings: StoredSettings } }, { id: string }>(
    `query Project($id: ID!) { project(id: $id) { id videoSettings { ${SETTINGS_FIELDS} } } }`,
    { id: projectId },
    signal,
  );
  return parseVideoSettings(withoutNulls(data.project.videoSettings));
}

const UPDATE_VIDEO_SETTINGS = `mutation UpdateVideoSettings($id: ID!, $settings: VideoSettingsInput!) {
  updateVideoSettings(id: $id, settings: $settings) { id videoSettings { ${SETTINGS_FIELDS} } }
}`;

export type VideoSettingsChange =
  | { durationPerPhoto: number }
  | { cutOnBeat: boolean }
  | { transition: Transition }
  /** A format (libs/domain `VIDEO_FORMATS`): both sides at once. */
  | VideoSize
  /** The cards and their typeface, together (a card given null is removed). */
  | VideoCards
  | { music: { timelineTracks: TimelineTrack[] } };

/** Saves the fields given (the rest keep their stored values) and answers the settings as stored. */
export async function saveVideoSettings(
  projectId: string,
  settings: VideoSettingsChange,
): Promise<VideoSettings> {
  const data = await graphqlRequest<
    { updateVideoSettings: { videoSettings: StoredSettings } },
    { id: string; settings: VideoSettingsChange }
  >(UPDATE_VIDEO_SETTINGS, { id: projectId, settings });
  return parseVideoSettings(withoutNulls(data.updateVideoSettings.videoSettings));
}

/** The same save as the page closes, which an ordinary request would not outlive. */
export function saveVideoSettingsOnLeave(projectId: string, settings: VideoSettingsChange): void {
  graphqlRequestOnLeave(UPDATE_VIDEO_SETTINGS, { id: projectId, settings });
}
