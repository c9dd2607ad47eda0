import type { AiEditing } from './plans.js';

/** The AI editing levels of the paid plans (spec §9 "AI editing"), lowest first; FREE has none. */
export const AI_EDITING_LEVELS = ['basic', 'advanced', 'best'] as const;
export type AiEditingLevel = (typeof AI_EDITING_LEVELS)[number];

/**
 * What a level gives (decision 0028): how large a result may be, and how much of the photo-edit
 * worker's upscaler budget (`PHOTO_EDIT_ENHANCE_MODEL_MAX_PIXELS`, 512² by default) it may use.
 */
export interface AiEditingLevelSpec {
  level: AiEditingLevel;
  /** Longest side of an Enhance result, px (2× the photo, never past this). */
  enhanceMaxLongSide: number;
  /**
   * Photos of at most budget × this many pixels are enlarged by the AI upscaler (ESRGAN); larger ones
   * by Lanczos + sharpen. 1 is the worker's budget (about 10 s on two cores).
   */
  upscalerShare: number;
  /** Longest side of a Remove Background result, px (a smaller photo keeps its own size); null: full size. */
  cutoutMaxLongSide: number | null;
  /** The pricing table's and the dialogs' words for the level. */
  summary: string;
  /** The Enhance dialog's line for the plan. */
  enhanceText: string;
  /** The Background Removal dialog's line for the plan. */
  cutoutText: string;
}

export const AI_EDITING: Readonly<Record<AiEditingLevel, AiEditingLevelSpec>> = {
  basic: {
    level: 'basic',
    enhanceMaxLongSide: 2048,
    upscalerShare: 0.25,
    cutoutMaxLongSide: 2048,
    summary: 'Basic AI photo editing: results up to 2048 px',
    enhanceText: 'Basic enhancement: up to 2048 px, the AI upscaler on small photos only.',
    cutoutText: 'Basic background removal: cut-outs up to 2048 px.',
  },
  advanced: {
    level: 'advanced',
    enhanceMaxLongSide: 4096,
    upscalerShare: 1,
    cutoutMaxLongSide: 4096,
    summary: 'Advanced AI photo editing: results up to 4096 px',
    enhanceText: 'Advanced enhancement: up to 4096 px, the AI upscaler on photos up to 4× larger than Basic.',
    cutoutText: 'Advanced background removal: cut-outs up to 4096 px.',
  },
  best: {
    level: 'best',
    enhanceMaxLongSide: 4096,
    upscalerShare: 4,
    cutoutMaxLongSide: null,
    summary: 'Best AI photo editing: full-size cut-outs, the AI upscaler on larger photos',
    enhanceText: 'Best enhancement: up to 4096 px, the AI upscaler on photos up to 4× larger than Advanced.',
    cutoutText: 'Best background removal: cut-outs at the full size of your photo.',
  },
};

/** The level of a plan's AI editing; null for none (FREE). */
export function aiEditingLevelOf(aiEditing: AiEditing): AiEditingLevel | null {
  return aiEditing === 'none' ? null : aiEditing;
}

/** The size `width`×`height` takes when its long side is held to `maxLongSide` (never enlarged). */
export function fitLongSide(
  width: number,
  height: number,
  maxLongSide: number | null,
): { width: number; height: number } {
  const longSide = Math.max(width, height);
  if (maxLongSide === null || longSide <= maxLongSide) return { width, height };
  const scale = maxLongSide / longSide;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The Remove Background result's size at `level`: the photo's own, held to the level's long side. */
export function cutoutSize(width: number, height: number, level: AiEditingLevel) {
  return fitLongSide(width, height, AI_EDITING[level].cutoutMaxLongSide);
}

/** Whether a `pixels`-pixel photo goes through the AI upscaler at `level`, for a worker budget of `budgetPixels`. */
export function usesUpscaler(pixels: number, level: AiEditingLevel, budgetPixels: number): boolean {
  return pixels <= budgetPixels * AI_EDITING[level].upscalerShare;
}
