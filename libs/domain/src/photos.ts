import { z } from 'zod';

/** Photo rules of spec §5 and §9, shared by the SPA (step 1–4 screens) and the services that enforce them. */

/** Largest photo a user may upload (spec §9 "max 10MB per file"), enforced by media on `complete`. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
/** Files uploaded at once from one browser (spec §9 "3 files per batch"). */
export const PHOTO_UPLOAD_BATCH_SIZE = 3;
/** Decoded pixels a photo may have: a 12 MP phone photo passes with room, a decompression bomb does not. */
export const MAX_PHOTO_PIXELS = 100_000_000;
/**
 * Pixels a HEIC/HEIF image may have, each of its images: decoding one to JPEG takes about 90 MB plus
 * 12 bytes a pixel, so 50 MP (a 48 MP phone photo) peaks near 700 MB (decision 0024).
 */
export const MAX_HEIC_PIXELS = 50_000_000;

/** Image types the dropzone accepts (spec §5), and HEIC/HEIF from phones (converted to JPEG by media). */
export const PHOTO_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];
export const PHOTO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif', '.webp', '.heic', '.heif'] as const;

/** Who may see a photo in the editor: the owner's uploads, and friends' uploads once accepted (issue 19). */
export const PHOTO_STATUSES = ['accepted', 'pending'] as const;
export type PhotoStatus = (typeof PHOTO_STATUSES)[number];

/** The eight filters of spec §3 (their colour matrices: photo-filters.ts). */
export const PHOTO_FILTERS = [
  'none',
  'grayscale',
  'sepia',
  'vintage',
  'warm',
  'cool',
  'dramatic',
  'bright',
] as const;
export type PhotoFilter = (typeof PHOTO_FILTERS)[number];
export const PhotoFilterSchema = z.enum(PHOTO_FILTERS);

/** Zoom, rotation and translation bounds of spec §5. Translation is a percentage of the frame. */
export const TRANSFORM_LIMITS = {
  scale: { min: 1, max: 4, step: 0.1 },
  rotate: { min: -180, max: 180, step: 1 },
  translate: { min: -50, max: 50, snap: 3 },
  /** Wheel zoom: scale change per wheel delta unit. */
  wheelZoomPerDelta: 0.001,
} as const;

/** One keyframe of a photo's motion. */
export const PhotoTransformSchema = z.object({
  scale: z.number().finite(),
  translateX: z.number().finite(),
  translateY: z.number().finite(),
  rotate: z.number().finite(),
});
export type PhotoTransform = z.infer<typeof PhotoTransformSchema>;

/** A photo's motion, keyed '0' (start) and '100' (end) as stored (spec §3). */
export const PhotoTransformsSchema = z.object({ '0': PhotoTransformSchema, '100': PhotoTransformSchema });
export type PhotoTransforms = z.infer<typeof PhotoTransformsSchema>;

export const IDENTITY_TRANSFORM: PhotoTransform = Object.freeze({
  scale: 1,
  translateX: 0,
  translateY: 0,
  rotate: 0,
});
export const DEFAULT_TRANSFORMS: PhotoTransforms = Object.freeze({
  '0': IDENTITY_TRANSFORM,
  '100': IDENTITY_TRANSFORM,
});

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A translation percentage clamped to ±50 and snapped to 0 within 3 % of the centre. */
export function clampTranslation(value: number): number {
  const { min, max, snap } = TRANSFORM_LIMITS.translate;
  const clamped = clamp(value, min, max);
  return Math.abs(clamped) < snap ? 0 : clamped;
}

/** A keyframe within the spec's bounds: scale 1–4 (0.1 steps), rotation ±180 (whole degrees), translation ±50 % with the centre snap. */
export function clampTransform(transform: PhotoTransform): PhotoTransform {
  const { scale, rotate } = TRANSFORM_LIMITS;
  return {
    scale: Math.round(clamp(transform.scale, scale.min, scale.max) * 10) / 10,
    rotate: Math.round(clamp(transform.rotate, rotate.min, rotate.max)),
    translateX: clampTranslation(transform.translateX),
    translateY: clampTranslation(transform.translateY),
  };
}

export function clampTransforms(transforms: PhotoTransforms): PhotoTransforms {
  return { '0': clampTransform(transforms['0']), '100': clampTransform(transforms['100']) };
}

/** A stored transforms value, or the identity motion when it is missing or malformed. */
export function parseTransforms(value: unknown): PhotoTransforms {
  const parsed = PhotoTransformsSchema.safeParse(value);
  return parsed.success ? clampTransforms(parsed.data) : DEFAULT_TRANSFORMS;
}
