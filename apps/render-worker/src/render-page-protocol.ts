import type { MemoreelVideoProps } from '@memoreel/video/chunks';

/** What the worker asks its render page to do: one chunk, whose MP4 the page hands over as a download. */
export type PageChunkJob = {
  /** Photo URLs already point at the worker's loopback server. */
  props: MemoreelVideoProps;
  frameRange: [number, number];
  videoBitrate: number;
  /** A company licence key, or REMOTION_FREE_LICENSE. */
  licenseKey: string;
};

/**
 * Where a chunk's frames spent their time, as the web renderer counts it: waiting for the frame to be
 * ready (photos decoded), drawing it onto the canvas, and handing it to the encoder (which waits while
 * the encoder's queue is full: the encoder's share beyond what overlaps the drawing).
 */
export type FramePhasesMs = { waitForReady: number; createFrame: number; addSample: number };

export type PageChunkResult = { bytes: number; renderMs: number; phasesMs: FramePhasesMs };

/** The function the page's script defines on `window`. */
export const PAGE_RENDER_FUNCTION = 'renderMemoreelChunk';
