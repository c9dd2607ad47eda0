import { graphqlRequest } from '../../lib/graphql';
import { type LiveSubscription, subscribeLive } from '../../lib/graphql-ws';
import { PHOTO_FIELDS, type Photo } from './photos-api';

/** The gateway's AI photo edits (the photo-edit contract), as step 3's dialogs use them. */

export type PhotoEditKind = 'REMOVE_BACKGROUND' | 'ENHANCE';

export type PhotoEditStatus = 'QUEUED' | 'WORKING' | 'READY' | 'FAILED' | 'APPLIED' | 'DISCARDED';

export interface PhotoEdit {
  id: string;
  photoId: string;
  projectId: string;
  kind: PhotoEditKind;
  status: PhotoEditStatus;
  /** 0–1, as the worker reports it. */
  progress: number;
  startedAt: string | null;
  /** Signed URL of the result PNG, once READY. */
  resultUrl: string | null;
  resultWidth: number | null;
  resultHeight: number | null;
  /** A spec error string, when FAILED. */
  error: string | null;
}

/** The server's codes the dialogs answer in their own way. */
export const UPGRADE_REQUIRED = 'UPGRADE_REQUIRED';
export const PHOTO_EDIT_IN_PROGRESS = 'PHOTO_EDIT_IN_PROGRESS';
export const PHOTO_EDITS_QUEUE_FULL = 'PHOTO_EDITS_QUEUE_FULL';

const EDIT_FIELDS =
  'id photoId projectId kind status progress startedAt resultUrl resultWidth resultHeight error';

export async function startPhotoEdit(photoId: string, kind: PhotoEditKind): Promise<PhotoEdit> {
  const data = await graphqlRequest<{ startPhotoEdit: PhotoEdit }, { photoId: string; kind: PhotoEditKind }>(
    `mutation StartPhotoEdit($photoId: ID!, $kind: PhotoEditKind!) {
      startPhotoEdit(photoId: $photoId, kind: $kind) { ${EDIT_FIELDS} }
    }`,
    { photoId, kind },
  );
  return data.startPhotoEdit;
}

/** The edit as it is now: read once after subscribing, so a change that came first is not missed. */
export async function fetchPhotoEdit(id: string, signal?: AbortSignal): Promise<PhotoEdit | null> {
  const data = await graphqlRequest<{ photoEdit: PhotoEdit | null }, { id: string }>(
    `query PhotoEdit($id: ID!) { photoEdit(id: $id) { ${EDIT_FIELDS} } }`,
    { id },
    signal,
  );
  return data.photoEdit;
}

export async function applyPhotoEdit(id: string): Promise<Photo> {
  const data = await graphqlRequest<{ applyPhotoEdit: Photo }, { id: string }>(
    `mutation ApplyPhotoEdit($id: ID!) { applyPhotoEdit(id: $id) { ${PHOTO_FIELDS} } }`,
    { id },
  );
  return data.applyPhotoEdit;
}

/** 'Keep Original': the server deletes the result. */
export async function discardPhotoEdit(id: string): Promise<boolean> {
  const data = await graphqlRequest<{ discardPhotoEdit: boolean }, { id: string }>(
    'mutation DiscardPhotoEdit($id: ID!) { discardPhotoEdit(id: $id) }',
    { id },
  );
  return data.discardPhotoEdit;
}

/** Every state and progress change of one edit, pushed by the gateway. */
export function subscribePhotoEditChanged(
  id: string,
  onChange: (edit: PhotoEdit) => void,
  onError: (error: Error) => void,
): LiveSubscription {
  return subscribeLive<{ photoEditChanged: PhotoEdit }, { id: string }>(
    `subscription PhotoEditChanged($id: ID!) { photoEditChanged(id: $id) { ${EDIT_FIELDS} } }`,
    { id },
    { onData: (data) => onChange(data.photoEditChanged), onError },
  );
}
