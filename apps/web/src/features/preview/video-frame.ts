import { type VideoSize, videoFormatOf, videoFrameCss } from '@memoreel/domain';
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
  const { width, height } = videoFormatOf(size) ? size : { width: 16, height: 9 };
  return {
    aspectRatio: `${width} / ${height}`,
    maxWidth: `calc(${maxHeight} * ${width} / ${height})`,
    marginInline: 'auto',
  };
}
