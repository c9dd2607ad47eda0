import { applyPixelTool, CANVAS_COLOUR_OP, type CanvasColourOp, placementFor } from './pixel-maths';
import { isPixelTool, outputEncoding, type PixelToolId, type ToolId } from './tool-catalogue';
import type { PixelStrategy } from './worker-protocol';

/**
 * Whether this browser's OffscreenCanvas applies CSS filters (Chromium and Firefox do; Safari before
 * 18 ignores them). Where it does not, Grayscale and Sepia run the typed-array loop instead.
 */
export function canvasFiltersWork(): boolean {
  if (typeof OffscreenCanvas === 'undefined') return false;
  const probe = new OffscreenCanvas(1, 1).getContext('2d', { willReadFrequently: true });
  if (!probe || !('filter' in probe)) return false;
  probe.filter = 'invert(1)';
  probe.fillStyle = '#ff0000';
  probe.fillRect(0, 0, 1, 1);
  // Inverted red is cyan: a browser that ignores the filter leaves red.
  return probe.getImageData(0, 0, 1, 1).data[0] === 0;
}

/** The canvas's own op for a colour tool, unless it needs filters this browser lacks. */
export function strategyFor(tool: PixelToolId, filtersWork: boolean): PixelStrategy {
  return 'filter' in CANVAS_COLOUR_OP[tool] && !filtersWork ? 'pixels' : 'canvas';
}

export interface ToolOutput {
  blob?: Blob;
  pixels?: ImageData;
  width: number;
  height: number;
  /** Only with `profile`: drawing and the tool's pixel work, forced to finish before encoding. */
  paintMilliseconds?: number;
  /** Time in the browser's JPEG encoder (with `profile`, nothing else). */
  encodeMilliseconds: number;
}

export interface RunOptions {
  strategy: PixelStrategy;
  /** A JPEG source has no transparency, so there is nothing to put white under. */
  opaque: boolean;
  profile?: boolean;
  readBack?: boolean;
}

type Context = OffscreenCanvasRenderingContext2D;

/**
 * A colour tool on what is already drawn (the photo flattened onto white, so transparent parts of a PNG
 * come out as the tool applied to white, as in the typed-array loop). On an opaque photo a CSS filter
 * was already applied while drawing it; on a transparent one the canvas is drawn over itself with it.
 */
function applyCanvasColourOp(
  context: Context,
  canvas: OffscreenCanvas,
  bitmap: ImageBitmap,
  op: CanvasColourOp,
  opaque: boolean,
) {
  if ('filter' in op) {
    if (opaque) return;
    context.filter = op.filter;
    context.globalCompositeOperation = 'copy';
    context.drawImage(canvas, 0, 0);
  } else if (op.blend === 'lighter') {
    context.globalCompositeOperation = 'lighter';
    context.globalAlpha = op.alpha;
    context.drawImage(opaque ? bitmap : canvas, 0, 0);
  } else {
    context.globalCompositeOperation = op.blend;
    context.fillStyle = op.fill;
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.filter = 'none';
  context.globalCompositeOperation = 'source-over';
  context.globalAlpha = 1;
}

/**
 * Runs one tool on a decoded image, off the main thread: draws it once onto an OffscreenCanvas with
 * the tool's transform (colour tools: with a filter, or then one blend pass), and encodes the JPEG.
 */
export async function runTool(
  bitmap: ImageBitmap,
  tool: ToolId,
  { strategy, opaque, profile = false, readBack = false }: RunOptions,
): Promise<ToolOutput> {
  const { width, height, matrix } = placementFor(tool, bitmap.width, bitmap.height);
  const canvas = new OffscreenCanvas(width, height);
  const colour = isPixelTool(tool) ? tool : null;
  const readsPixels = colour !== null && strategy === 'pixels';
  // willReadFrequently keeps the canvas in memory the loop can read: getImageData is ~2× faster.
  const context = canvas.getContext('2d', { willReadFrequently: readsPixels || readBack });
  if (!context) throw new Error('No 2D canvas in this browser');
  const paintStarted = performance.now();
  if (!opaque) {
    // JPEG has no transparency: transparent parts of a PNG, GIF or WebP become white, not black.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
  }
  // Bicubic for upscales (Chromium's 'high'). The other tools move whole pixels: sampling them with
  // smoothing on gives the same pixels, only slower (~60 ms more for a flip at 12 MP).
  const upscale = tool === 'upscale-2x' || tool === 'upscale-4x';
  context.imageSmoothingEnabled = upscale;
  context.imageSmoothingQuality = 'high';
  const op = colour && strategy === 'canvas' ? CANVAS_COLOUR_OP[colour] : null;
  if (opaque && op && 'filter' in op) context.filter = op.filter;
  context.setTransform(...matrix);
  context.drawImage(bitmap, 0, 0);
  context.setTransform(1, 0, 0, 1, 0, 0);
  if (op) applyCanvasColourOp(context, canvas, bitmap, op, opaque);
  if (readsPixels) {
    const image = context.getImageData(0, 0, width, height);
    applyPixelTool(colour, image.data);
    context.putImageData(image, 0, 0);
  }
  let paintMilliseconds: number | undefined;
  if (profile) {
    // The canvas draws lazily; reading one pixel makes it finish now, so encoding is timed alone.
    context.getImageData(0, 0, 1, 1);
    paintMilliseconds = performance.now() - paintStarted;
  }
  if (readBack) {
    const pixels = context.getImageData(0, 0, width, height);
    release(canvas);
    return { pixels, width, height, paintMilliseconds, encodeMilliseconds: 0 };
  }
  const encodeStarted = performance.now();
  const blob = await canvas.convertToBlob(outputEncoding(tool));
  const encodeMilliseconds = performance.now() - encodeStarted;
  release(canvas);
  return { blob, width, height, paintMilliseconds, encodeMilliseconds };
}

/** Give the pixels back now rather than at the next garbage collection: 12 MP is 48 MB. */
function release(canvas: OffscreenCanvas) {
  canvas.width = 0;
  canvas.height = 0;
}
