import { applyPixelTool, CANVAS_FILTER, placementFor } from './pixel-maths';
import { isPixelTool, outputEncoding, type ToolId } from './tool-catalogue';
import type { PixelStrategy } from './worker-protocol';

/**
 * Whether this browser's OffscreenCanvas applies CSS filters (Chromium and Firefox do; Safari before
 * 18 ignores them). Where it does, colour tools use it: in tools/bench (image-tools), at 12 MP end to
 * end, grayscale took 310 ms and sepia 311 ms with the filter against 346 and 387 ms with the loop;
 * the other colour tools were within ±15 ms either way.
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

export interface ToolOutput {
  blob: Blob;
  width: number;
  height: number;
  /** Time in the browser's JPEG encoder, the part no tool code can speed up. */
  encodeMilliseconds: number;
}

/**
 * Runs one tool on a decoded image, off the main thread: draws it once onto an OffscreenCanvas with
 * the tool's transform (colour tools: then one pass over the pixels), and encodes the JPEG.
 */
export async function runTool(
  bitmap: ImageBitmap,
  tool: ToolId,
  { strategy, opaque }: { strategy: PixelStrategy; opaque: boolean },
): Promise<ToolOutput> {
  const { width, height, matrix } = placementFor(tool, bitmap.width, bitmap.height);
  const canvas = new OffscreenCanvas(width, height);
  const readsPixels = isPixelTool(tool) && strategy === 'pixels';
  // willReadFrequently keeps the canvas in memory the loop can read: getImageData is ~2× faster.
  const context = canvas.getContext('2d', { willReadFrequently: readsPixels });
  if (!context) throw new Error('No 2D canvas in this browser');
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
  if (isPixelTool(tool) && strategy === 'filter') context.filter = CANVAS_FILTER[tool];
  context.setTransform(...matrix);
  context.drawImage(bitmap, 0, 0);
  context.setTransform(1, 0, 0, 1, 0, 0);
  if (readsPixels) {
    const image = context.getImageData(0, 0, width, height);
    applyPixelTool(tool, image.data);
    context.putImageData(image, 0, 0);
  }
  const encodeStarted = performance.now();
  const blob = await canvas.convertToBlob(outputEncoding(tool));
  const encodeMilliseconds = performance.now() - encodeStarted;
  // Give the pixels back now rather than at the next garbage collection: 12 MP is 48 MB.
  canvas.width = 0;
  canvas.height = 0;
  return { blob, width, height, encodeMilliseconds };
}
