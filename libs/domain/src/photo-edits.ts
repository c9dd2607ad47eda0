import { AI_EDITING, type AiEditingLevel, aiEditingLevelOf } from './ai-editing.js';
import { PLANS, type Tier } from './plans.js';

/** The AI photo edits of step 3 (spec §4): the Background Removal and AI Photo Enhancement dialogs. */
export const PHOTO_EDIT_KINDS = ['remove-background', 'enhance'] as const;
export type PhotoEditKind = (typeof PHOTO_EDIT_KINDS)[number];

/** An edit's life: queued on the bus, worked on, ready to compare, then applied or discarded (or failed). */
export const PHOTO_EDIT_STATUSES = ['queued', 'working', 'ready', 'failed', 'applied', 'discarded'] as const;
export type PhotoEditStatus = (typeof PHOTO_EDIT_STATUSES)[number];

/** Statuses in which an edit still runs: a second edit of the same photo is refused meanwhile. */
export const RUNNING_PHOTO_EDIT_STATUSES: readonly PhotoEditStatus[] = ['queued', 'working'];

/** A user's edits waiting or running at once: a burst queues no more model runs than this. */
export const MAX_UNFINISHED_PHOTO_EDITS = 3;

/** The AI editing level a plan's edits run at; null on FREE ("AI editing: none"). */
export function photoEditLevelFor(tier: Tier): AiEditingLevel | null {
  return aiEditingLevelOf(PLANS[tier].aiEditing);
}

/** FREE has no AI editing at all (spec §9 plan table: "none; … Remove Background excluded"). */
export function photoEditAllowed(tier: Tier, kind: PhotoEditKind): boolean {
  if (photoEditLevelFor(tier) === null) return false;
  return kind !== 'remove-background' || PLANS[tier].removeBackground;
}

/**
 * Enhancement enlarges 2× (small and soft photos gain the most), but never past the level's long
 * side (decision 0028; 4096 at most: beyond it a 12 MP photo would only grow in bytes, not in what a
 * 1920-px video shows).
 */
export const ENHANCED_MAX_LONG_SIDE = 4096;

/** The enhanced size of a `width`×`height` photo at `level`: 2×, never past the level's cap, never smaller. */
export function enhancedSize(
  width: number,
  height: number,
  level: AiEditingLevel,
): { width: number; height: number } {
  const longSide = Math.max(width, height);
  const cap = Math.min(ENHANCED_MAX_LONG_SIDE, AI_EDITING[level].enhanceMaxLongSide);
  const scale = Math.max(1, Math.min(2, cap / longSide));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** A result nobody applied or discarded (the dialog was closed, the tab went away) is deleted after this. */
export const PHOTO_EDIT_RESULT_TTL_SECONDS = 24 * 3600;

/** The spec's texts (§4 toasts and hints, §8 AI error strings) and the service's refusals. */
export const photoEditMessages = {
  backgroundRemoved: 'Background removed successfully',
  backgroundRemovalFailed: 'Failed to remove background',
  enhanced: 'Photo enhanced successfully',
  enhancementFailed: 'Failed to enhance photo',
  backgroundRemovalHint: 'Starting background removal... This may take 2-10 seconds',
  enhancementHint: 'Starting photo enhancement... This may take 30-60 seconds',
  noImageUrl: 'No image URL available',
  failedToFetchImage: 'Failed to fetch image',
  /** Spec §8: 'Background removal failed: {status} - {text}'; the status is the job's, not HTTP's. */
  backgroundRemovalFailedWith: (status: string, text: string) =>
    `Background removal failed: ${status} - ${text}`,
  enhancementFailedWith: (message: string) => `Enhancement failed: ${message}`,
  upgradeRequired:
    'AI photo editing is not included in the free plan. Upgrade your project to enhance photos and remove backgrounds.',
  inProgress: 'This photo is already being edited. Wait for that edit to finish, then try again.',
  queueFull: `You have ${MAX_UNFINISHED_PHOTO_EDITS} photo edits on the way. Wait for your edits to finish, then try again.`,
  editNotFound: 'Photo edit not found',
  notReady: 'This photo edit has no result to apply',
} as const;

/** Stable error codes the gateway passes on (UPGRADE_REQUIRED is the render start's too). */
export const photoEditErrorCodes = {
  upgradeRequired: 'UPGRADE_REQUIRED',
  inProgress: 'PHOTO_EDIT_IN_PROGRESS',
  queueFull: 'PHOTO_EDITS_QUEUE_FULL',
} as const;

/** The error a failed edit shows, in the spec's words for its kind. */
export function photoEditFailure(kind: PhotoEditKind, reason: string): string {
  return kind === 'remove-background'
    ? photoEditMessages.backgroundRemovalFailedWith('failed', reason)
    : photoEditMessages.enhancementFailedWith(reason);
}
