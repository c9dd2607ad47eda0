import { type VideoSize, videoFrameCss } from '@memoreel/domain';
import type { CSSProperties } from 'react';

/**
 * The box a video is shown in, at the video's own shape (libs/domain `videoFrameCss`, which the share
 * page's first paint uses too): as wide as its container, a vertical video narrowed to the screen.
 */
export function videoFrameStyle(size: VideoSize): CSSProperties {
  return videoFrameCss(size);
}

/**
 * The same box as one item of a flex row beside other controls (the animation editor's frame beside
 * its zoom): it grows to the space left, capped so a vertical frame stays within the screen, centred.
 */
export function videoFrameInRowStyle(size: VideoSize, maxHeight = '62vh'): CSSProperties {
  const { aspectRatio, marginInline } = videoFrameCss(size, maxHeight);
  return { aspectRatio, maxWidth: `calc(${maxHeight} * ${aspectRatio})`, marginInline };
}
