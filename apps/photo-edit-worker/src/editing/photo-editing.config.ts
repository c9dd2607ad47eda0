import { z } from 'zod';
import type { PhotoEditingOptions } from './in-process-editing.js';

/** The worker's model settings (PHOTO_EDIT_*); empty values take the defaults. */
export const photoEditingEnvironment = {
  PHOTO_EDIT_BACKGROUND_MODEL: z
    .enum(['small', 'medium', 'large', ''])
    .default('')
    .transform((value) => value || undefined),
  PHOTO_EDIT_ENHANCE_MODEL_MAX_PIXELS: z
    .string()
    .default('')
    .transform((value) => (value ? Number.parseInt(value, 10) : undefined))
    .pipe(z.number().int().min(0).optional()),
};

export function editingOptionsFromEnv(env: Record<string, string | undefined>): PhotoEditingOptions {
  const settings = z.object(photoEditingEnvironment).parse(env);
  return {
    backgroundModel: settings.PHOTO_EDIT_BACKGROUND_MODEL,
    enhanceModelMaxPixels: settings.PHOTO_EDIT_ENHANCE_MODEL_MAX_PIXELS,
  };
}
