import { graphqlRequest } from '../../lib/graphql';
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

export async function fetchFriendLinks(projectId: string, signal?: AbortSignal): Promise<FriendLink[]> {
  const data = await graphqlRequest<{ friendLinks: FriendLink[] }, { projectId: string }>(
    `query FriendLinks($projectId: ID!) { friendLinks(projectId: $projectId) { ${LINK_FIELDS} } }`,
    { projectId },
    signal,
  );
  return data.friendLinks;
}

export async function createFriendLink(projectId: string, expiresInDays?: number): Promise<FriendLink> {
  const data = await graphqlRequest<
    { createFriendLink: FriendLink },
    { input: { projectId: string; expiresInDays?: number } }
  >(
    `mutation CreateFriendLink($input: CreateFriendLinkInput!) { createFriendLink(input: $input) { ${LINK_FIELDS} } }`,
    {
      input: { projectId, ...(expiresInDays ? { expiresInDays } : {}) },
    },
  );
  return data.createFriendLink;
}

export async function deactivateFriendLink(id: string): Promise<FriendLink> {
  const data = await graphqlRequest<{ deactivateFriendLink: FriendLink }, { id: string }>(
    `mutation DeactivateFriendLink($id: ID!) { deactivateFriendLink(id: $id) { ${LINK_FIELDS} } }`,
    { id },
  );
  return data.deactivateFriendLink;
}

export async function fetchFriendUploadLink(id: string, signal?: AbortSignal): Promise<FriendUploadLink> {
  const data = await graphqlRequest<{ friendUploadLink: FriendUploadLink }, { id: string }>(
    'query FriendUploadLink($id: ID!) { friendUploadLink(id: $id) { id projectId projectName inviterName expiresAt } }',
    { id },
    signal,
  );
  return data.friendUploadLink;
}

export async function requestFriendPhotoUploads(
  linkId: string,
  projectId: string,
  files: PhotoUploadFile[],
): Promise<PhotoUploadPlan> {
  const data = await graphqlRequest<
    { requestFriendPhotoUploads: PhotoUploadPlan },
    { linkId: string; projectId: string; files: PhotoUploadFile[] }
  >(
    `mutation RequestFriendPhotoUploads($linkId: ID!, $projectId: ID!, $files: [PhotoUploadFileInput!]!) {
      requestFriendPhotoUploads(linkId: $linkId, projectId: $projectId, files: $files) {
        slots { uploadId fileIndex url headers { name value } } skipped quota { count limit remaining }
      } }`,
    { linkId, projectId, files },
  );
  return data.requestFriendPhotoUploads;
}

export async function completeFriendPhotoUploads(
  linkId: string,
  projectId: string,
  uploadIds: string[],
): Promise<{ uploadId: string; accepted: boolean; error: string | null }[]> {
  const data = await graphqlRequest<
    { completeFriendPhotoUploads: { uploadId: string; accepted: boolean; error: string | null }[] },
    { linkId: string; projectId: string; uploadIds: string[] }
  >(
    `mutation CompleteFriendPhotoUploads($linkId: ID!, $projectId: ID!, $uploadIds: [ID!]!) {
      completeFriendPhotoUploads(linkId: $linkId, projectId: $projectId, uploadIds: $uploadIds) { uploadId accepted error } }`,
    { linkId, projectId, uploadIds },
  );
  return data.completeFriendPhotoUploads;
}

export async function fetchPendingPhotos(projectId: string, signal?: AbortSignal): Promise<PendingPhoto[]> {
  const data = await graphqlRequest<{ pendingPhotos: PendingPhoto[] }, { projectId: string }>(
    `query PendingPhotos($projectId: ID!) { pendingPhotos(projectId: $projectId) { ${PENDING_FIELDS} } }`,
    { projectId },
    signal,
  );
  return data.pendingPhotos;
}

export async function acceptPendingPhotos(projectId: string, ids: string[]): Promise<string[]> {
  const data = await graphqlRequest<{ acceptPendingPhotos: string[] }, { projectId: string; ids: string[] }>(
    'mutation AcceptPendingPhotos($projectId: ID!, $ids: [ID!]!) { acceptPendingPhotos(projectId: $projectId, ids: $ids) }',
    { projectId, ids },
  );
  return data.acceptPendingPhotos;
}

export async function rejectPendingPhotos(projectId: string, ids: string[]): Promise<string[]> {
  const data = await graphqlRequest<{ rejectPendingPhotos: string[] }, { projectId: string; ids: string[] }>(
    'mutation RejectPendingPhotos($projectId: ID!, $ids: [ID!]!) { rejectPendingPhotos(projectId: $projectId, ids: $ids) }',
    { projectId, ids },
  );
  return data.rejectPendingPhotos;
}
