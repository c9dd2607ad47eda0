import { loadConfig, type ServiceContext } from '@memoreel/platform';
import { z } from 'zod';

/** A presigned PUT stays usable this long; the quota held for it a while longer, to complete it. */
export const UPLOAD_URL_SECONDS = 15 * 60;
/** How long the quota of an upload is held, from its request: past it the upload has failed. */
export const UPLOAD_RESERVATION_SECONDS = 60 * 60;

const settings = z.object({
  /** How long a presigned PUT stays usable (s); shorter only in tests of expired upload slots. */
  MEDIA_UPLOAD_URL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(UPLOAD_URL_SECONDS)
    .default(UPLOAD_URL_SECONDS),
});

/** How long this instance's presigned PUT URLs stay usable (s). */
export const uploadUrlSecondsOf = (context: ServiceContext): number =>
  loadConfig(settings, context.env).MEDIA_UPLOAD_URL_SECONDS;
