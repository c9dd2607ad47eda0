import type { PhotoCaption, PhotoFilter, PhotoTransform } from '@memoreel/domain';

/** The shapes of the gateway's photo operations (docs/photos-api.md). No imports beyond types, so
 * code outside the browser (tools/bench runs step 1's upload in Node) can read them. */

export interface PhotoUrls {
  grid: string;
  strip: string;
  carousel: string;
  full: string;
}

/** A region of a photo in its own upright pixels. */
export interface PhotoBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a photo's people are (faces), or its most salient region where it has none (subject). */
export interface PhotoSubjects {
  kind: 'faces' | 'subject';
  boxes: PhotoBox[];
}

export interface Photo {
  id: string;
  projectId: string;
  originalName: string;
  displayOrder: number;
  status: string;
  filter: PhotoFilter;
  transforms: { start: PhotoTransform; end: PhotoTransform };
  /** Words drawn with the photo in the video, or null. */
  caption: PhotoCaption | null;
  width: number;
  height: number;
  /** Null for the moment between upload and its thumbnails being made. */
  urls: PhotoUrls | null;
  /** Null until media has looked for them (a few seconds after the thumbnails). */
  subjects: PhotoSubjects | null;
  createdAt: string;
}

export interface PhotoQuota {
  count: number;
  limit: number;
  remaining: number;
}

export interface PhotoUploadSlot {
  uploadId: string;
  fileIndex: number;
  url: string;
  headers: { name: string; value: string }[];
}

export interface PhotoUploadPlan {
  slots: PhotoUploadSlot[];
  skipped: number;
  quota: PhotoQuota;
}

export interface PhotoUploadResult {
  uploadId: string;
  photo: Photo | null;
  error: string | null;
}

export interface PhotoUploadFile {
  name: string;
  size: number;
  contentType: string;
}
