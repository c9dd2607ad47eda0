import type { MemoreelVideoProps } from '@memoreel/video/chunks';

/** What the worker asks its render page to do: one chunk, whose MP4 the page PUTs to `uploadUrl`. */
export type PageChunkJob = {
  /** Photo URLs already point at the worker's loopback server. */
  props: MemoreelVideoProps;
  frameRange: [number, number];
  videoBitrate: number;
  /** A company licence key, or REMOTION_FREE_LICENSE. */
  licenseKey: string;
  uploadUrl: string;
};

export type PageChunkResult = { bytes: number; renderMs: number; uploadMs: number };

/** The function the page's script defines on `window`. */
export const PAGE_RENDER_FUNCTION = 'renderMemoreelChunk';
