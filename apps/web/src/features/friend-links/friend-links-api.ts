import { graphqlField } from '../../lib/graphql';
import type { Photo, PhotoUploadFile, PhotoUploadPlan } from '../photos/photos-api';

/** The gateway's upload-link and pending-photo operations (docs/photos-api.md, issue 19). */

export interface FriendLink {
  id: string;
  projectId: string;
  isActive: boolean;
  expiresAt: string;
  createdAt: string;
}

export interface FriendUploadLink {
  id: string;
  projectId: string;
  projectName: string;
  inviterName: string;
  expiresAt: string;
}

export type PendingPhoto = Photo & { submittedBy: string | null };

const LINK_FIELDS = 'id projectId isActive expiresAt createdAt';
const PENDING_FIELDS =
  'id projectId originalName displayOrder status submittedBy filter width height createdAt transforms { start { scale translateX translateY rotate } end { scale translateX translateY rotate } } urls { grid strip carousel full }';

/** The page's address a friend opens: /shared-upload/{linkId} on this site. */
export const friendUploadUrl = (linkId: string, origin = window.location.origin) =>
  `${origin}/shared-upload/${linkId}`;

export function fetchFriendLinks(projectId: string, signal?: AbortSignal): Promise<FriendLink[]> {
  return graphqlField(
    'friendLinks',
    `query FriendLinks($projectId: ID!) { friendLinks(projectId: $projectId) { ${LINK_FIELDS} } }`,
    { projectId },
    signal,
  );
}

export function createFriendLink(projectId: string, expiresInDays?: number): Promise<FriendLink> {
  return graphqlField(
    'createFriendLink',
    `mutation CreateFriendLink($input: CreateFriendLinkInput!) { createFriendLink(input: $input) { ${LINK_FIELDS} } }`,
    {
      input: { projectId, ...(expiresInDays ? { expiresInDays } : {}) },
    },
  );
}

export function deactivateFriendLink(id: string): Promise<FriendLink> {
  return graphqlField(
    'deactivateFriendLink',
    `mutation DeactivateFriendLink($id: ID!) { deactivateFriendLink(id: $id) { ${LINK_FIELDS} } }`,
    { id },
  );
}

export function fetchFriendUploadLink(id: string, signal?: AbortSignal): Promise<FriendUploadLink> {
  return graphqlField(
    'friendUploadLink',
    'query FriendUploadLink($id: ID!) { friendUploadLink(id: $id) { id projectId projectName inviterName expiresAt } }',
    { id },
    signal,
  );
}

export function requestFriendPhotoUploads(
  linkId: string,
  projectId: string,
  files: PhotoUploadFile[],
): Promise<PhotoUploadPlan> {
  return graphqlField(
    'requestFriendPhotoUploads',
    `mutation RequestFriendPhotoUploads($linkId: ID!, $projectId: ID!, $files: [PhotoUploadFileInput!]!) {
      requestFriendPhotoUploads(linkId: $linkId, projectId: $projectId, files: $files) {
        slots { uploadId fileIndex url headers { name value } } skipped quota { count limit remaining }
      } }`,
    { linkId, projectId, files },
  );
}

export function completeFriendPhotoUploads(
  linkId: string,
  projectId: string,
  uploadIds: string[],
): Promise<{ uploadId: string; accepted: boolean; error: string | null }[]> {
  return graphqlField(
    'completeFriendPhotoUploads',
    `mutation CompleteFriendPhotoUploads($linkId: ID!, $projectId: ID!, $uploadIds: [ID!]!) {
      completeFriendPhotoUploads(linkId: $linkId, projectId: $projectId, uploadIds: $uploadIds) { uploadId accepted error } }`,
    { linkId, projectId, uploadIds },
  );
}

export function fetchPendingPhotos(projectId: string, signal?: AbortSignal): Promise<PendingPhoto[]> {
  return graphqlField(
    'pendingPhotos',
    `query PendingPhotos($projectId: ID!) { pendingPhotos(projectId: $projectId) { ${PENDING_FIELDS} } }`,
    { projectId },
    signal,
  );
}

export function acceptPendingPhotos(projectId: string, ids: string[]): Promise<string[]> {
  return graphqlField(
    'acceptPendingPhotos',
    'mutation AcceptPendingPhotos($projectId: ID!, $ids: [ID!]!) { acceptPendingPhotos(projectId: $projectId, ids: $ids) }',
    { projectId, ids },
  );
}

export function rejectPendingPhotos(projectId: string, ids: string[]): Promise<string[]> {
  return graphqlField(
    'rejectPendingPhotos',
    'mutation RejectPendingPhotos($projectId: ID!, $ids: [ID!]!) { rejectPendingPhotos(projectId: $projectId, ids: $ids) }',
    { projectId, ids },
  );
}
