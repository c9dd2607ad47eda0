import { serviceCounter } from '@memoreel/platform';

/** Uploads after verification, counted once each: `stored` or `rejected` (too large, not a photo, expired…). */
export const uploadsVerified = serviceCounter({
  name: 'memoreel_uploads_total',
  help: 'Completed uploads by verification outcome (stored, rejected).',
  labelNames: ['outcome'] as const,
});

/** Bytes of the originals media stored (after a HEIC became a JPEG). */
export const uploadBytes = serviceCounter({
  name: 'memoreel_upload_bytes_total',
  help: 'Bytes of stored photo originals.',
});
