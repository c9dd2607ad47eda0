import {
  MAX_PHOTO_BYTES,
  PHOTO_CONTENT_TYPES,
  PHOTO_EXTENSIONS,
  PHOTO_UPLOAD_BATCH_SIZE,
  type PhotoTransform,
} from './photos.js';
import { VIDEO_FPS } from './video-settings.js';

/** Timing and sizing rules of steps 1–4 (spec §4 and §9), shared by the SPA screens and their tests. */

/** Spec §4: photos are flagged as deleting for this long before they are removed. */
export const PHOTO_DELETE_DELAY_MS = 300;
/** Spec §9: motion edits are saved after this much quiet… */
export const TRANSFORM_SAVE_DEBOUNCE_MS = 500;
/** …or this soon after a drag, slider or wheel interaction ends. */
export const TRANSFORM_SAVE_AFTER_INTERACTION_MS = 100;
/** Spec §9: the zoom and rotation overlays stay this long after a button press. */
export const ZOOM_BUTTON_OVERLAY_MS = 1_000;
export const ROTATION_BUTTON_OVERLAY_MS = 2_000;
/** Spec §9: a wheel zoom counts as over after this much quiet. */
export const WHEEL_INTERACTION_END_MS = 200;

/** Spec §9 "Photo size slider 0-100, default 50", kept in the browser under `photoSize`. */
export const PHOTO_SIZE = { min: 0, max: 100, default: 50, storageKey: 'photoSize' } as const;
const MIN_THUMBNAIL_PX = 80;

/** Spec §9: a sort thumbnail is (0.6 + size/100 × 1.4) × 100 px, never under 80 px. */
export function photoThumbnailPx(size: number): number {
  const bounded = Math.min(PHOTO_SIZE.max, Math.max(PHOTO_SIZE.min, size));
  return Math.max(MIN_THUMBNAIL_PX, Math.round((0.6 + (bounded / 100) * 1.4) * 100));
}

/** The stored slider value, or the default when it is missing or not a number in range. */
export function parsePhotoSize(stored: string | null): number {
  if (stored === null || stored.trim() === '') return PHOTO_SIZE.default;
  const value = Number(stored);
  if (!Number.isFinite(value)) return PHOTO_SIZE.default;
  return Math.min(PHOTO_SIZE.max, Math.max(PHOTO_SIZE.min, Math.round(value)));
}

export type PhotoQuotaLevel = 'normal' | 'warning' | 'reached';

export interface PhotoQuotaStatus {
  remaining: number;
  /** Rounded, at most 100. */
  percent: number;
  /** Spec §9: the bar is amber from 80 % and destructive at 100 %. */
  level: PhotoQuotaLevel;
  /** 'Photo limit reached' or '{n} photos remaining'. */
  title: string;
  /** '{count} of {limit} photos'. */
  detail: string;
}

const QUOTA_WARNING_PERCENT = 80;

/** What the quota banner of step 1 says about a project's photos against its plan's limit. */
export function photoQuotaStatus(count: number, limit: number): PhotoQuotaStatus {
  const remaining = Math.max(0, limit - count);
  const percent = limit > 0 ? Math.min(100, Math.round((count / limit) * 100)) : 100;
  const level: PhotoQuotaLevel =
    remaining === 0 ? 'reached' : percent >= QUOTA_WARNING_PERCENT ? 'warning' : 'normal';
  return {
    remaining,
    percent,
    level,
    title: remaining === 0 ? photoWorkflowTexts.limitReachedTitle : `${remaining} photos remaining`,
    detail: `${count} of ${limit} photos`,
  };
}

/**
 * Spec §4 "limit check": every file fits, only the first `fits` do (the 'Photo Limit Reached'
 * confirmation), or none do (the upgrade modal).
 */
export type PhotoUploadDecision =
  | { kind: 'all' }
  | { kind: 'partial'; fits: number; skipped: number }
  | { kind: 'none' };

export function photoUploadDecision(fileCount: number, remaining: number): PhotoUploadDecision {
  if (remaining <= 0) return { kind: 'none' };
  if (fileCount <= remaining) return { kind: 'all' };
  return { kind: 'partial', fits: remaining, skipped: fileCount - remaining };
}

/** Spec §9: files go up three at a time. */
export function inUploadBatches<T>(items: readonly T[], size: number = PHOTO_UPLOAD_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}

/** Spec §5 generic drop messages, for a file the dropzone refuses before any upload. */
export function photoFileProblem(file: { name: string; size: number; type: string }): string | null {
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  const knownType = (PHOTO_CONTENT_TYPES as readonly string[]).includes(type);
  // Some browsers give HEIC photos no type at all; their extension tells.
  const knownExtension = PHOTO_EXTENSIONS.some((extension) => name.endsWith(extension));
  if (!knownType && !(type === '' && knownExtension)) {
    return photoWorkflowTexts.fileTypeMustBe(PHOTO_CONTENT_TYPES.join(', '));
  }
  if (file.size > MAX_PHOTO_BYTES) return photoWorkflowTexts.fileTooLarge(MAX_PHOTO_BYTES);
  return null;
}

/** The content type to announce for a file, from its extension when the browser gave none. */
export function photoContentTypeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type.toLowerCase();
  const name = file.name.toLowerCase();
  if (name.endsWith('.heic')) return 'image/heic';
  if (name.endsWith('.heif')) return 'image/heif';
  if (name.endsWith('.png')) return 'image/png';
  if (name.endsWith('.gif')) return 'image/gif';
  if (name.endsWith('.webp')) return 'image/webp';
  return 'image/jpeg';
}

/** Spec §4: the cubic in-out easing of the animation preview. */
export function easeInOutCubic(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** The photo's pose `progress` (0–1, before easing) of the way from start to end. */
export function transformAt(start: PhotoTransform, end: PhotoTransform, progress: number): PhotoTransform {
  const eased = easeInOutCubic(progress);
  const between = (from: number, to: number) => from + (to - from) * eased;
  return {
    scale: between(start.scale, end.scale),
    translateX: between(start.translateX, end.translateX),
    translateY: between(start.translateY, end.translateY),
    rotate: between(start.rotate, end.rotate),
  };
}

/** Spec §9: the preview lasts 30 × the duration setting frames, i.e. durationPerPhoto seconds. */
export function animationPreviewMs(durationPerPhoto: number): number {
  const frames = VIDEO_FPS * durationPerPhoto;
  return Math.round((frames / VIDEO_FPS) * 1000);
}

/** Texts of steps 1–4 beyond the toasts in `photoMessages`. */
export const photoWorkflowTexts = {
  limitReachedTitle: 'Photo limit reached',
  limitDialogTitle: 'Photo Limit Reached',
  fileTypeMustBe: (types: string) => `File type must be ${types}`,
  fileTooLarge: (bytes: number) => `File is larger than ${bytes} bytes`,
  fileTooSmall: (bytes: number) => `File is smaller than ${bytes} bytes`,
  tooManyFiles: 'Too many files',
  noPhotosToSort: 'No photos to sort. Please add photos first.',
  deletePhotoTitle: 'Delete Photo?',
  deletePhotoBody: 'This action cannot be undone.',
  deleting: 'Deleting...',
  photoCount: (n: number) => `${n} photo(s) in project`,
  photoOf: (index: number, total: number) => `Photo ${index} of ${total}`,
} as const;
