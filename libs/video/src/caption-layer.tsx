import { AbsoluteFill, useVideoConfig } from 'remotion';
import { cardFontOf } from './cards.js';
import type { MemoreelVideoProps, VideoPhoto } from './props.js';

/** Keeps the words off the frame's edge: a share of the frame's height from the top or bottom. */
const CAPTION_INSET = '7%';

/**
 * A photo's caption, over the photo and outside its moving layer: it holds still while the photo
 * moves, in the video's typeface (Arabic right to left and emoji in colour by the shipped faces),
 * white with a soft shadow so it reads on any photo. `opacity` from `captionOpacityAt`.
 */
export function PhotoCaption({
  video,
  caption,
  opacity,
}: {
  video: MemoreelVideoProps;
  caption: NonNullable<VideoPhoto['caption']>;
  opacity: number;
}) {
  const { width, height } = useVideoConfig();
  const font = cardFontOf(video);
  const unit = Math.min(width, height) / 1080;
  const script = font.family === 'Great Vibes' ? 1.3 : 1;
  if (opacity <= 0) return null;
  return (
    <AbsoluteFill
      style={{
        justifyContent: caption.placement === 'top' ? 'flex-start' : 'flex-end',
        alignItems: 'center',
        padding: `${CAPTION_INSET} 6%`,
      }}
    >
      <div
        dir="auto"
        data-caption
        style={{
          opacity,
          fontFamily: font.css,
          fontWeight: font.weight,
          fontSize: Math.round(50 * unit * script),
          lineHeight: 1.25,
          color: '#ffffff',
          textAlign: 'center',
          whiteSpace: 'pre-line',
          unicodeBidi: 'plaintext',
          textShadow: '0 2px 4px rgba(0, 0, 0, 0.85), 0 0 24px rgba(0, 0, 0, 0.55)',
        }}
      >
        {caption.text}
      </div>
    </AbsoluteFill>
  );
}
