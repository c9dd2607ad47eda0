/**
 * The photo texts, apart from photos.ts's schemas: the SPA's first download needs some of them (a
 * malformed project address), and this module keeps zod out of it.
 */
/** The photo texts of spec §2 and §8, in one place. */
export const photoMessages = {
  invalidProject: 'Invalid project',
  invalidProjectId: 'Invalid project ID',
  uploadHint: 'JPG, PNG, GIF or WEBP (max 10MB per file)',
  uploadProgress: (remaining: number, total: number) =>
    `Uploading photos, ${remaining} of ${total} remaining...`,
  uploaded: (name: string) => `Uploaded ${name}`,
  uploadFailedFor: (name: string) => `Failed to upload ${name}`,
  onlyMoreAllowed: (n: number) =>
    `You can only upload ${n} more photos with your current plan. Upgrade to add more.`,
  limitReached: (limit: number) =>
    `You've reached the limit of ${limit} photos for your current plan. Upgrade to add more.`,
  uploadedCount: (n: number) => `Successfully uploaded ${n} photo(s)`,
  uploadedDescription: 'Your photos are ready to be organized and edited',
  uploadFailed: 'Upload failed',
  uploadFailedDescription: 'There was an error uploading your photos. Please try again.',
  uploadedSome: (n: number) => `Uploaded ${n} photos`,
  skippedForLimit: (m: number) => `${m} photos were skipped due to plan limits`,
  upgradePlan: 'Upgrade Plan',
  deletedCount: (n: number) => `Deleted ${n} photo(s)`,
  deleteFailed: 'Failed to delete photos',
  photoRemoved: 'Photo removed',
  removeFailed: 'Failed to remove photo',
  filterApplied: 'Filter applied',
  filterFailed: 'Failed to apply filter',
  transformFailed: 'Failed to update transform',
  uploadPhotosFailed: 'Failed to upload photos. Please try again.',
  /** Server-side verification failures (beyond the spec, which does not show them). */
  tooLarge: (name: string) => `${name} is larger than 10 MB`,
  notAnImage: (name: string) => `${name} is not a JPG, PNG, GIF, WEBP or HEIC image`,
  damaged: (name: string) => `${name} could not be read; the file may be damaged`,
  tooManyPixels: (name: string) => `${name} has too many pixels to process`,
  tooDemandingToConvert: (name: string) =>
    `${name} needs too much memory or time to convert; save it as JPEG and upload it again`,
  photoNotFound: 'Photo not found',
} as const;
