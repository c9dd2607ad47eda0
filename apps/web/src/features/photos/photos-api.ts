import type { PhotoCaption, PhotoFilter } from '@memoreel/domain';
import { graphqlField, graphqlRequestOnLeave } from '../../lib/graphql';

/** The gateway's photo operations (docs/photos-api.md), as steps 1–4 use them. */

export type * from './photo-types';

import type {
  Photo,
  PhotoQuota,
  PhotoUploadFile,
  PhotoUploadPlan,
  PhotoUploadResult,
  PhotoUploadSlot,
} from './photo-types';

const TRANSFORM_FIELDS = 'scale translateX translateY rotate';
export const PHOTO_FIELDS = `id projectId originalName displayOrder status filter width height createdAt
  transforms { start { ${TRANSFORM_FIELDS} } end { ${TRANSFORM_FIELDS} } }
  caption { text placement }
  urls { grid strip carousel full }
  subjects { kind boxes { x y width height } }`;
const QUOTA_FIELDS = 'count limit remaining';

export function fetchPhotos(projectId: string, signal?: AbortSignal): Promise<Photo[]> {
  return graphqlField(
    'photos',
    `query Photos($projectId: ID!) { photos(projectId: $projectId) { ${PHOTO_FIELDS} } }`,
    { projectId },
    signal,
  );
}

export function fetchPhotoQuota(projectId: string, signal?: AbortSignal): Promise<PhotoQuota> {
  return graphqlField(
    'photoQuota',
    `query PhotoQuota($projectId: ID!) { photoQuota(projectId: $projectId) { ${QUOTA_FIELDS} } }`,
    { projectId },
    signal,
  );
}

export function requestPhotoUploads(projectId: string, files: PhotoUploadFile[]): Promise<PhotoUploadPlan> {
  return graphqlField(
    'requestPhotoUploads',
    `mutation RequestPhotoUploads($projectId: ID!, $files: [PhotoUploadFileInput!]!) {
      requestPhotoUploads(projectId: $projectId, files: $files) {
        slots { uploadId fileIndex url headers { name value } } skipped quota { ${QUOTA_FIELDS} }
      }
    }`,
    { projectId, files },
  );
}

export function completePhotoUploads(projectId: string, uploadIds: string[]): Promise<PhotoUploadResult[]> {
  return graphqlField(
    'completePhotoUploads',
    `mutation CompletePhotoUploads($projectId: ID!, $uploadIds: [ID!]!) {
      completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { uploadId error photo { ${PHOTO_FIELDS} } }
    }`,
    { projectId, uploadIds },
  );
}

export function deletePhotos(projectId: string, ids: string[]): Promise<string[]> {
  return graphqlField(
    'deletePhotos',
    'mutation DeletePhotos($projectId: ID!, $ids: [ID!]!) { deletePhotos(projectId: $projectId, ids: $ids) }',
    { projectId, ids },
  );
}

export function reorderPhoto(projectId: string, from: number, to: number): Promise<Photo[]> {
  return graphqlField(
    'reorderPhoto',
    `mutation ReorderPhoto($projectId: ID!, $from: Int!, $to: Int!) {
      reorderPhoto(projectId: $projectId, from: $from, to: $to) { ${PHOTO_FIELDS} }
    }`,
    { projectId, from, to },
  );
}

export function setPhotoFilter(id: string, filter: PhotoFilter): Promise<Photo> {
  return graphqlField(
    'setPhotoFilter',
    `mutation SetPhotoFilter($id: ID!, $filter: String!) { setPhotoFilter(id: $id, filter: $filter) { ${PHOTO_FIELDS} } }`,
    { id, filter },
  );
}

const SET_PHOTO_TRANSFORMS = `mutation SetPhotoTransforms($id: ID!, $transforms: PhotoTransformsInput!) {
  setPhotoTransforms(id: $id, transforms: $transforms) { ${PHOTO_FIELDS} }
}`;

export function setPhotoTransforms(id: string, transforms: Photo['transforms']): Promise<Photo> {
  return graphqlField('setPhotoTransforms', SET_PHOTO_TRANSFORMS, { id, transforms });
}

const SET_PHOTO_CAPTION = `mutation SetPhotoCaption($id: ID!, $caption: PhotoCaptionInput) {
  setPhotoCaption(id: $id, caption: $caption) { ${PHOTO_FIELDS} }
}`;

/** Sets a photo's caption, or removes it (null). */
export function setPhotoCaption(id: string, caption: PhotoCaption | null): Promise<Photo> {
  return graphqlField('setPhotoCaption', SET_PHOTO_CAPTION, { id, caption });
}

/** The caption's save as the page goes away. */
export function setPhotoCaptionOnLeave(id: string, caption: PhotoCaption | null): void {
  graphqlRequestOnLeave(SET_PHOTO_CAPTION, { id, caption });
}

/** The same save as the page goes away, which an ordinary request would not outlive. */
export function setPhotoTransformsOnLeave(id: string, transforms: Photo['transforms']): void {
  graphqlRequestOnLeave(SET_PHOTO_TRANSFORMS, { id, transforms });
}

/**
 * PUTs one file's bytes to its presigned slot. XMLHttpRequest, because fetch cannot report upload
 * progress; `onProgress` gets 0–1.
 */
export function putPhotoBytes(
  slot: PhotoUploadSlot,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', slot.url);
    for (const header of slot.headers) request.setRequestHeader(header.name, header.value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new Error(`The upload was refused (HTTP ${request.status}).`));
      }
    };
    request.onerror = () => reject(new Error('The upload did not reach the server.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
