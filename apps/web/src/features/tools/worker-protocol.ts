import type { ToolId } from './tool-catalogue';

/** How the colour tools run: the canvas's own CSS filter, or a typed-array loop over getImageData. */
export type PixelStrategy = 'filter' | 'pixels';

export interface ToolJob {
  id: number;
  tool: ToolId;
  source: Blob;
  /** Normally chosen by the worker; the benchmark asks for each in turn. */
  strategy?: PixelStrategy;
}

export interface ToolJobDone {
  id: number;
  ok: true;
  blob: Blob;
  width: number;
  height: number;
  /** From the start of decoding to the encoded file, in the worker. */
  milliseconds: number;
  /** The browser's own JPEG/PNG decoding and JPEG encoding within that (for tools/bench). */
  decodeMilliseconds: number;
  encodeMilliseconds: number;
}

export interface JobFailed {
  id: number;
  ok: false;
  message: string;
}

export type ToolJobResult = ToolJobDone | JobFailed;

export interface HeicJob {
  id: number;
  source: Blob;
}

export interface HeicJobDone {
  id: number;
  ok: true;
  blob: Blob;
  width: number;
  height: number;
}

export type HeicJobResult = HeicJobDone | JobFailed;

export const PROCESSING_FAILED =
  'This image could not be processed. It may be damaged or in a format this browser cannot read.';
export const OUT_OF_MEMORY =
  'The browser ran out of memory on this image. Try a smaller image or close other tabs.';
