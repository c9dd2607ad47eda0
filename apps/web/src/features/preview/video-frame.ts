import { type VideoSize, videoFormatOf } from '@memoreel/domain';
import type { CSSProperties } from 'react';

/** The tallest a vertical video's box grows, so a 9:16 player fits the screen with its controls. */
export const VIDEO_FRAME_MAX_HEIGHT = '78vh';

/**
 * The box a video is shown in, at the video's own shape (16:9, 1:1 or 9:16): as wide as its
 * container, but never taller than the screen allows — a vertical video then narrows and is
 * centred, never letterboxed.
 */
export function videoFrameStyle(size: VideoSize, maxHeight: string = VIDEO_FRAME_MAX_HEIGHT): CSSProperties {
  const { width, height } = videoFormatOf(size) ? size : { width: 16, height: 9 };
  return {
    aspectRatio: `${width} / ${height}`,
    width: `min(100%, calc(${maxHeight} * ${width} / ${height}))`,
    marginInline: 'auto',
  };
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
