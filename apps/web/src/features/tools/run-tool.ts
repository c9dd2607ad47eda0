import { applyPixelTool, CANVAS_FILTER, placementFor } from './pixel-maths';
import { isPixelTool, outputEncoding, type ToolId } from './tool-catalogue';
import type { PixelStrategy } from './worker-protocol';

/** Whether this browser's OffscreenCanvas applies CSS filters (Chromium and Firefox do; older Safari not). */
export function canvasFiltersWork(): boolean {
  if (typeof OffscreenCanvas === 'undefined') return false;
  const probe = new OffscreenCanvas(1, 1).getContext('2d');
  if (!probe || !('filter' in probe)) return false;
  probe.fillStyle = '#ff0000';
  probe.filter = 'invert(1)';
  probe.fillRect(0, 0, 1, 1);
  // Inverted red is cyan: a browser that ignores the filter leaves red.
  return probe.getImageData(0, 0, 1, 1).data[0] === 0;
}

export interface ToolOutput {
  blob: Blob;
  width: number;
  height: number;
}

/**
 * Runs one tool on a decoded image, off the main thread: draws it once onto an OffscreenCanvas with
 * the tool's transform (and, for colour tools, its CSS filter), then encodes the JPEG.
 */
export async function runTool(
  bitmap: ImageBitmap,
  tool: ToolId,
  strategy: PixelStrategy,
): Promise<ToolOutput> {
  const { width, height, matrix } = placementFor(tool, bitmap.width, bitmap.height);
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { willReadFrequently: strategy === 'pixels' && isPixelTool(tool) });
  if (!context) throw new Error('No 2D canvas in this browser');
  // JPEG has no transparency: transparent parts of a PNG, GIF or WebP become white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  if (isPixelTool(tool) && strategy === 'filter') context.filter = CANVAS_FILTER[tool];
  context.setTransform(...matrix);
  context.drawImage(bitmap, 0, 0);
  context.setTransform(1, 0, 0, 1, 0, 0);
  if (isPixelTool(tool) && strategy === 'pixels') {
    const image = context.getImageData(0, 0, width, height);
    applyPixelTool(tool, image.data);
    context.putImageData(image, 0, 0);
  }
  const blob = await canvas.convertToBlob(outputEncoding(tool));
  // Give the pixels back now rather than at the next garbage collection: 12 MP is 48 MB.
  canvas.width = 0;
  canvas.height = 0;
  return { blob, width, height };
}
