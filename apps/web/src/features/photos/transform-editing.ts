import {
  clampTranslation,
  type PhotoTransform,
  TRANSFORM_LIMITS,
  TRANSFORM_SAVE_AFTER_INTERACTION_MS,
  TRANSFORM_SAVE_DEBOUNCE_MS,
} from '@memoreel/domain';

/** The step 4 editor's maths (spec §4 "Animation editor", §5 bounds): pure, so the tests can pin it. */

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The pose while dragging: where it was when the drag began plus how far the pointer went, as a
 * percentage of the frame, clamped to ±50 % and snapped to the centre within 3 %.
 */
export function draggedTo(
  atStart: PhotoTransform,
  moved: { x: number; y: number },
  frame: { width: number; height: number },
): PhotoTransform {
  if (frame.width <= 0 || frame.height <= 0) return atStart;
  return {
    ...atStart,
    translateX: clampTranslation(atStart.translateX + (moved.x / frame.width) * 100),
    translateY: clampTranslation(atStart.translateY + (moved.y / frame.height) * 100),
  };
}

/** Spec §5 wheel zoom: 0.001 of scale per delta unit (wheel up zooms in), clamped to 1–4. */
export function wheelZoomed(transform: PhotoTransform, deltaY: number): PhotoTransform {
  const { scale, wheelZoomPerDelta } = TRANSFORM_LIMITS;
  return { ...transform, scale: clamp(transform.scale - deltaY * wheelZoomPerDelta, scale.min, scale.max) };
}

/** Zoom set from the slider or its buttons, on the 0.1 grid. */
export function zoomedTo(transform: PhotoTransform, value: number): PhotoTransform {
  const { min, max } = TRANSFORM_LIMITS.scale;
  return { ...transform, scale: Math.round(clamp(value, min, max) * 10) / 10 };
}

/** Rotation set from the slider or its buttons, in whole degrees. */
export function rotatedTo(transform: PhotoTransform, degrees: number): PhotoTransform {
  const { min, max } = TRANSFORM_LIMITS.rotate;
  return { ...transform, rotate: Math.round(clamp(degrees, min, max)) };
}

/** Arrow keys on the preview nudge the photo by 1 % (5 % with shift); the centre snap still applies. */
export function nudged(transform: PhotoTransform, key: string, large: boolean): PhotoTransform | null {
  const step = large ? 5 : 1;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const move = moves[key];
  if (!move) return null;
  const nudge = (value: number, by: number) => {
    const next = value + by;
    // Leaving the centre by keyboard would snap straight back; step over the snap zone instead.
    if (value === 0 && Math.abs(next) < TRANSFORM_LIMITS.translate.snap) {
      return clampTranslation(Math.sign(by) * TRANSFORM_LIMITS.translate.snap);
    }
    return clampTranslation(next);
  };
  return {
    ...transform,
    translateX: nudge(transform.translateX, move[0]),
    translateY: nudge(transform.translateY, move[1]),
  };
}

/**
 * Spec §4 saving: an edit is saved after 500 ms of quiet, never while a drag, slider or wheel
 * interaction is under way, 100 ms after it ends, and at once when asked (switching keyframe, leaving).
 */
export class TransformSaveScheduler<T> {
  private pending: T | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private interacting = false;

  constructor(
    private readonly save: (value: T) => void,
    private readonly timing = {
      quietMs: TRANSFORM_SAVE_DEBOUNCE_MS,
      afterInteractionMs: TRANSFORM_SAVE_AFTER_INTERACTION_MS,
    },
  ) {}

  change(value: T): void {
    this.pending = value;
    if (!this.interacting) this.arm(this.timing.quietMs);
  }

  beginInteraction(): void {
    this.interacting = true;
    clearTimeout(this.timer);
  }

  endInteraction(): void {
    if (!this.interacting) return;
    this.interacting = false;
    if (this.pending !== null) this.arm(this.timing.afterInteractionMs);
  }

  /**
   * Saves what is pending now, if anything; `send` replaces the usual save, e.g. with a request
   * that outlives the page when it is going away.
   */
  flush(send: (value: T) => void = this.save): void {
    clearTimeout(this.timer);
    const value = this.pending;
    this.pending = null;
    if (value !== null) send(value);
  }

  get hasPending(): boolean {
    return this.pending !== null;
  }

  private arm(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), ms);
  }
}
