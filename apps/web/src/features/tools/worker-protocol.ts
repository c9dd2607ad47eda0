import type { ToolId } from './tool-catalogue';

/**
 * How the colour tools run: 'canvas' is the 2D canvas's own filter and blend modes (see
 * CANVAS_COLOUR_OP), 'pixels' a typed-array loop over getImageData.
 */
export type PixelStrategy = 'canvas' | 'pixels';

export interface ToolJob {
  kind: 'tool';
  id: number;
  tool: ToolId;
  source: Blob;
  /** The selected file this comes from: a worker that has decoded it already reuses its pixels. */
  fileId?: number;
  /** Normally chosen by the worker; tools/bench asks for each in turn. */
  strategy?: PixelStrategy;
  /** For tests and tools/bench: reads the canvas back after painting, so paint and encode are timed apart. */
  profile?: boolean;
  /** For tests and tools/bench: answer with the painted pixels (RGBA) instead of a JPEG. */
  readBack?: boolean;
}

/** Decode a picked file ahead of any tool, while the visitor is still choosing one. */
export interface DecodeAheadJob {
  kind: 'decode-ahead';
  id: number;
  fileId: number;
  source: Blob;
  width: number;
  height: number;
}

/** The file was removed: drop its decoded pixels. No answer. */
export interface ForgetFile {
  kind: 'forget';
  fileId: number;
}

export type ToolsWorkerJob = ToolJob | DecodeAheadJob;

export interface ToolJobDone {
  id: number;
  ok: true;
  blob: Blob;
  width: number;
  height: number;
  /** From the start of decoding to the encoded file, in the worker. */
  milliseconds: number;
  /** The browser's own decoding (0 when the file was decoded ahead) and JPEG encoding within that. */
  decodeMilliseconds: number;
  encodeMilliseconds: number;
  /** Drawing and the tool's pixel work; only when the job asked for `profile` (canvas work is deferred otherwise). */
  paintMilliseconds?: number;
  /** Only when the job asked for `readBack`. */
  pixels?: ImageData;
}

export interface DecodeAheadDone {
  id: number;
  ok: true;
  /** Whether the worker kept the decoded pixels (false when its memory budget is full). */
  kept: boolean;
}

export interface JobFailed {
  id: number;
  ok: false;
  message: string;
}

export type ToolJobResult = ToolJobDone | JobFailed;
export type DecodeAheadResult = DecodeAheadDone | JobFailed;

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
