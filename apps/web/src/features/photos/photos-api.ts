import type { PhotoFilter } from '@memoreel/domain';
import { graphqlRequest, graphqlRequestOnLeave } from '../../lib/graphql';

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
  urls { grid strip carousel full }`;
const QUOTA_FIELDS = 'count limit remaining';

export async function fetchPhotos(projectId: string, signal?: AbortSignal): Promise<Photo[]> {
  const data = await graphqlRequest<{ photos: Photo[] }, { projectId: string }>(
    `query Photos($projectId: ID!) { photos(projectId: $projectId) { ${PHOTO_FIELDS} } }`,
    { projectId },
    signal,
  );
  return data.photos;
}

export async function fetchPhotoQuota(projectId: string, signal?: AbortSignal): Promise<PhotoQuota> {
  const data = await graphqlRequest<{ photoQuota: PhotoQuota }, { projectId: string }>(
    `query PhotoQuota($projectId: ID!) { photoQuota(projectId: $projectId) { ${QUOTA_FIELDS} } }`,
    { projectId },
    signal,
  );
  return data.photoQuota;
}

export async function requestPhotoUploads(
  projectId: string,
  files: PhotoUploadFile[],
): Promise<PhotoUploadPlan> {
  const data = await graphqlRequest<
    { requestPhotoUploads: PhotoUploadPlan },
    { projectId: string; files: PhotoUploadFile[] }
  >(
    `mutation RequestPhotoUploads($projectId: ID!, $files: [PhotoUploadFileInput!]!) {
      requestPhotoUploads(projectId: $projectId, files: $files) {
        slots { uploadId fileIndex url headers { name value } } skipped quota { ${QUOTA_FIELDS} }
      }
    }`,
    { projectId, files },
  );
  return data.requestPhotoUploads;
}

export async function completePhotoUploads(
  projectId: string,
  uploadIds: string[],
): Promise<PhotoUploadResult[]> {
  const data = await graphqlRequest<
    { completePhotoUploads: PhotoUploadResult[] },
    { projectId: string; uploadIds: string[] }
  >(
    `mutation CompletePhotoUploads($projectId: ID!, $uploadIds: [ID!]!) {
      completePhotoUploads(projectId: $projectId, uploadIds: $uploadIds) { uploadId error photo { ${PHOTO_FIELDS} } }
    }`,
    { projectId, uploadIds },
  );
  return data.completePhotoUploads;
}

export async function deletePhotos(projectId: string, ids: string[]): Promise<string[]> {
  const data = await graphqlRequest<{ deletePhotos: string[] }, { projectId: string; ids: string[] }>(
    'mutation DeletePhotos($projectId: ID!, $ids: [ID!]!) { deletePhotos(projectId: $projectId, ids: $ids) }',
    { projectId, ids },
  );
  return data.deletePhotos;
}

export async function reorderPhoto(projectId: string, from: number, to: number): Promise<Photo[]> {
  const data = await graphqlRequest<
    { reorderPhoto: Photo[] },
    { projectId: string; from: number; to: number }
  >(
    `mutation ReorderPhoto($projectId: ID!, $from: Int!, $to: Int!) {
      reorderPhoto(projectId: $projectId, from: $from, to: $to) { ${PHOTO_FIELDS} }
    }`,
    { projectId, from, to },
  );
  return data.reorderPhoto;
}

export async function setPhotoFilter(id: string, filter: PhotoFilter): Promise<Photo> {
  const data = await graphqlRequest<{ setPhotoFilter: Photo }, { id: string; filter: string }>(
    `mutation SetPhotoFilter($id: ID!, $filter: String!) { setPhotoFilter(id: $id, filter: $filter) { ${PHOTO_FIELDS} } }`,
    { id, filter },
  );
  return data.setPhotoFilter;
}

const SET_PHOTO_TRANSFORMS = `mutation SetPhotoTransforms($id: ID!, $transforms: PhotoTransformsInput!) {
  setPhotoTransforms(id: $id, transforms: $transforms) { ${PHOTO_FIELDS} }
}`;

export async function setPhotoTransforms(id: string, transforms: Photo['transforms']): Promise<Photo> {
  const data = await graphqlRequest<
    { setPhotoTransforms: Photo },
    { id: string; transforms: Photo['transforms'] }
  >(SET_PHOTO_TRANSFORMS, { id, transforms });
  return data.setPhotoTransforms;
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
