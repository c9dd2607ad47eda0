import { graphqlField } from '../../lib/graphql';
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

export function startPhotoEdit(photoId: string, kind: PhotoEditKind): Promise<PhotoEdit> {
  return graphqlField(
    'startPhotoEdit',
    `mutation StartPhotoEdit($photoId: ID!, $kind: PhotoEditKind!) {
      startPhotoEdit(photoId: $photoId, kind: $kind) { ${EDIT_FIELDS} }
    }`,
    { photoId, kind },
  );
}

/** The edit as it is now: read once after subscribing, so a change that came first is not missed. */
export function fetchPhotoEdit(id: string, signal?: AbortSignal): Promise<PhotoEdit | null> {
  return graphqlField(
    'photoEdit',
    `query PhotoEdit($id: ID!) { photoEdit(id: $id) { ${EDIT_FIELDS} } }`,
    { id },
    signal,
  );
}

export function applyPhotoEdit(id: string): Promise<Photo> {
  return graphqlField(
    'applyPhotoEdit',
    `mutation ApplyPhotoEdit($id: ID!) { applyPhotoEdit(id: $id) { ${PHOTO_FIELDS} } }`,
    { id },
  );
}

/** 'Keep Original': the server deletes the result. */
export function discardPhotoEdit(id: string): Promise<boolean> {
  return graphqlField(
    'discardPhotoEdit',
    'mutation DiscardPhotoEdit($id: ID!) { discardPhotoEdit(id: $id) }',
    { id },
  );
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
