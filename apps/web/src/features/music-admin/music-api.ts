import { graphqlField, graphqlRequest } from '../../lib/graphql';

/** The gateway's music library operations (apps/gateway/src/music), as the admin page uses them. */

export interface MusicTrack {
  id: string;
  title: string;
  artist: string | null;
  /** Seconds. */
  duration: number;
  /** Signed for an hour: refetched with the list. */
  url: string;
  isPublic: boolean;
  format: string;
  sizeBytes: number;
  createdAt: string;
}

export interface MusicUploadSlot {
  uploadId: string;
  fileIndex: number;
  url: string;
  headers: { name: string; value: string }[];
}

export interface MusicUploadResult {
  uploadId: string;
  track: MusicTrack | null;
  error: string | null;
}

const TRACK = 'id title artist duration url isPublic format sizeBytes createdAt';

export function fetchMusicTracks(signal?: AbortSignal): Promise<MusicTrack[]> {
  return graphqlField('musicTracks', `query MusicTracks { musicTracks { ${TRACK} } }`, {}, signal);
}

export function requestMusicUploads(
  files: { name: string; size: number; contentType: string }[],
): Promise<MusicUploadSlot[]> {
  return graphqlField(
    'requestMusicUploads',
    'mutation RequestMusicUploads($files: [MusicUploadFileInput!]!) { requestMusicUploads(files: $files) { uploadId fileIndex url headers { name value } } }',
    { files },
  );
}

export function completeMusicUploads(
  uploads: { uploadId: string; name: string }[],
): Promise<MusicUploadResult[]> {
  return graphqlField(
    'completeMusicUploads',
    `mutation CompleteMusicUploads($uploads: [MusicUploadInput!]!) { completeMusicUploads(uploads: $uploads) { uploadId error track { ${TRACK} } } }`,
    { uploads },
  );
}

/** Sends a file's bytes to its presigned URL. */
export async function putMusicBytes(slot: MusicUploadSlot, file: Blob): Promise<void> {
  const headers = Object.fromEntries(slot.headers.map((header) => [header.name, header.value]));
  const response = await fetch(slot.url, { method: 'PUT', headers, body: file });
  if (!response.ok) throw new Error(`The upload was refused (HTTP ${response.status}).`);
}

export function renameMusicTrack(id: string, title: string): Promise<MusicTrack> {
  return graphqlField(
    'renameMusicTrack',
    `mutation RenameMusicTrack($id: ID!, $title: String!) { renameMusicTrack(id: $id, title: $title) { ${TRACK} } }`,
    { id, title },
  );
}

export function setMusicTrackPublic(id: string, isPublic: boolean): Promise<MusicTrack> {
  return graphqlField(
    'setMusicTrackPublic',
    `mutation SetMusicTrackPublic($id: ID!, $isPublic: Boolean!) { setMusicTrackPublic(id: $id, isPublic: $isPublic) { ${TRACK} } }`,
    { id, isPublic },
  );
}

export async function deleteMusicTrack(id: string): Promise<void> {
  await graphqlRequest<{ deleteMusicTrack: string }, { id: string }>(
    'mutation DeleteMusicTrack($id: ID!) { deleteMusicTrack(id: $id) }',
    { id },
  );
}

export const musicKeys = {
  all: ['music'] as const,
  admin: () => [...musicKeys.all, 'admin'] as const,
};
