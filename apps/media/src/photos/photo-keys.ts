import { PHOTO_EXTENSIONS } from '@memoreel/domain';

/**
 * Where a presigned PUT writes: a staging key. The photo is stored under `{projectId}/{id}.{ext}`
 * only by the completion, from the very bytes it verified, so a PUT URL still valid after its
 * completion can never change a stored photo (docs/photos-api.md).
 */
export const uploadKey = (projectId: string, id: string, extension: string) =>
  `${projectId}/uploads/${id}.${extension}`;

/** Where a verified photo is kept. */
export const photoKey = (projectId: string, id: string, extension: string) =>
  `${projectId}/${id}.${extension}`;

/** The extension of the key an upload goes to: from its name when it is an image's, else from its type. */
export function uploadExtension(name: string, contentType: string): string {
  const dot = name.lastIndexOf('.');
  const fromName = dot >= 0 ? name.slice(dot).toLowerCase() : '';
  if ((PHOTO_EXTENSIONS as readonly string[]).includes(fromName)) return fromName.slice(1);
  const fromType = contentType.split('/')[1]?.toLowerCase();
  return fromType === 'jpeg' ? 'jpg' : (fromType ?? 'jpg').replace(/[^a-z0-9]/g, '') || 'jpg';
}

/** The extension of a staging key as a stored photo's would be (`.jpeg` is stored as `.jpg`). */
export function keptExtension(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  return extension === 'jpeg' ? 'jpg' : extension;
}
