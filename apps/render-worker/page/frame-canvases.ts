/**
 * Remotion's web renderer (4.0.529) composes every frame on a new `OffscreenCanvas` (its `createLayer`,
 * once a frame and once for each layer it precomposes), and in Chromium making a 1080p canvas costs
 * more than composing the frame on it: that phase of a 270-frame chunk took 13.5 s on new canvases and
 * 1.5 s on used ones (docs/render-at-length.md, "Canvases used again"). So the render page hands the
 * renderer canvases it used before, cleared: a canvas made while a frame is composed is free again
 * once that frame has become a `VideoFrame` (the renderer's `onFrame`), which holds its own copy.
 *
 * Only 2D canvases come back (one that got a WebGL context, such as the renderer's helper for 3D
 * transforms, which it keeps across frames, is never handed out again), and only a few are kept.
 */
export type FrameCanvases = {
  /** The frame being composed has become a VideoFrame: its canvases may be used for the next. */
  frameDone(): void;
};

/** Canvases kept for later frames: the renderer uses one a frame, plus one for each layer it precomposes. */
export const KEPT_CANVASES = 6;

export function reuseFrameCanvases(scope: { OffscreenCanvas: typeof OffscreenCanvas }): FrameCanvases {
  const Native = scope.OffscreenCanvas;
  let free: OffscreenCanvas[] = [];
  let inUse: OffscreenCanvas[] = [];

  function Reused(width: number, height: number): OffscreenCanvas {
    const at = free.findIndex((canvas) => canvas.width === width && canvas.height === height);
    const kept = at === -1 ? undefined : free.splice(at, 1)[0];
    const canvas = kept ?? new Native(width, height);
    // Cleared to transparent black with the context's state back to its defaults, as a new canvas is.
    if (kept) kept.getContext('2d')!.reset();
    inUse.push(canvas);
    return canvas;
  }
  // `new OffscreenCanvas(…)` gets the object Reused returns; `instanceof OffscreenCanvas` still holds.
  Reused.prototype = Native.prototype;
  scope.OffscreenCanvas = Reused as unknown as typeof OffscreenCanvas;

  return {
    frameDone() {
      // getContext('2d') is null for a canvas with a WebGL context: that one is not ours to reuse.
      free = [...free, ...inUse.filter((canvas) => canvas.getContext('2d'))].slice(-KEPT_CANVASES);
      inUse = [];
    },
  };
}
