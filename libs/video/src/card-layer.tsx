import { useEffect, useState } from 'react';
import {
  AbsoluteFill,
  Img,
  Sequence,
  useCurrentFrame,
  useDelayRender,
  useRemotionEnvironment,
  useVideoConfig,
} from 'remotion';
import {
  cardFontOf,
  cardText,
  cardTextColorOf,
  cardVisibilityAt,
  type VideoCardBackground,
  type VideoClosingCard,
  type VideoOpeningCard,
} from './cards.js';
import { BACKGROUND_COLOR } from './constants.js';
import type { MemoreelVideoProps } from './props.js';
import './fonts.js';

/** The page's FontFaceSet, typed here so Node-side type checks of this file need no DOM library. */
type PageFace = { family: string; status: string };
type PageFonts = { load: (font: string, text: string) => Promise<readonly PageFace[]> };
const pageFonts = (): PageFonts =>
  (globalThis as unknown as { document: { fonts: PageFonts } }).document.fonts;

/** How a photo behind a card is softened so the words read on it (the web renderer draws CSS filters). */
const PHOTO_BACKDROP_FILTER = 'blur(28px) brightness(0.45)';
/** Keeps the blur's soft edge outside the frame. */
const PHOTO_BACKDROP_SCALE = 1.12;

type Window = { from: number; durationInFrames: number };

/** The opening and closing cards of a video, each in its own window (`cardWindows`). */
export function CardLayers({
  video,
  windows,
}: {
  video: MemoreelVideoProps;
  windows: { opening: Window | null; closing: Window | null };
}) {
  const font = cardFontOf(video);
  return (
    <>
      {video.opening && windows.opening && (
        <Sequence name="Opening card" {...windows.opening}>
          <Card background={video.opening.background} frames={windows.opening.durationInFrames}>
            <OpeningWords card={video.opening} font={font.css} weight={font.weight} />
          </Card>
        </Sequence>
      )}
      {video.closing && windows.closing && (
        <Sequence name="Closing card" {...windows.closing}>
          <Card background={video.closing.background} frames={windows.closing.durationInFrames}>
            <ClosingWords card={video.closing} font={font.css} weight={font.weight} />
          </Card>
        </Sequence>
      )}
    </>
  );
}

/**
 * Holds a render until the typefaces of the video's words (cards and captions) have loaded for
 * those words, and fails it when they cannot: words are never drawn in a face the page lacks. The
 * preview (a player) is not held: it shows the words at once, in the face as soon as it is there.
 */
export function TextFontGate({ video }: { video: MemoreelVideoProps }) {
  const text = cardText(video);
  const { family, weight, css } = cardFontOf(video);
  // The hook's functions, not the global ones: the web renderer keeps its own scope of handles.
  const { delayRender, continueRender, cancelRender } = useDelayRender();
  // Only a render waits (and fails): a preview draws at once and takes the face when it arrives.
  const { isRendering } = useRemotionEnvironment();
  const [handle] = useState(() =>
    text && isRendering ? delayRender(`Loading the ${family} typeface`) : null,
  );
  useEffect(() => {
    if (handle === null) return;
    pageFonts()
      .load(`${weight} 64px ${css}`, text)
      .then((faces) => {
        // A face whose file failed comes back too, with status "error": only a loaded one counts.
        const loaded = faces.some(
          (face) => face.family.replace(/"/g, '') === family && face.status === 'loaded',
        );
        if (!loaded) throw new Error('it is not on the page');
        continueRender(handle);
      })
      .catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        cancelRender(new Error(`The ${family} typeface did not load: ${reason}`));
      });
  }, [handle, family, weight, css, text, continueRender, cancelRender]);
  return null;
}

/** A card's background and words, fully drawn, under a black veil that carries its fades. */
function Card({
  background,
  frames,
  children,
}: {
  background: VideoCardBackground;
  frames: number;
  children: React.ReactNode;
}) {
  const frame = useCurrentFrame();
  const veil = 1 - cardVisibilityAt(frames, frame);
  const color = cardTextColorOf(background);
  return (
    <AbsoluteFill style={{ backgroundColor: 'color' in background ? background.color : BACKGROUND_COLOR }}>
      {'url' in background && (
        <Img
          src={background.url}
          alt=""
          style={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            filter: PHOTO_BACKDROP_FILTER,
            transform: `scale(${PHOTO_BACKDROP_SCALE})`,
          }}
        />
      )}
      <AbsoluteFill
        style={{
          alignItems: 'center',
          justifyContent: 'center',
          padding: '0 8%',
          color,
          textAlign: 'center',
          textShadow: 'url' in background ? '0 2px 18px rgba(0, 0, 0, 0.55)' : undefined,
        }}
      >
        {children}
      </AbsoluteFill>
      {veil > 0 && <AbsoluteFill style={{ backgroundColor: BACKGROUND_COLOR, opacity: veil }} />}
    </AbsoluteFill>
  );
}

/** Sizes from the frame's short side (1080 px in every format), larger for the script face. */
function useTextSize(font: string) {
  const { width, height } = useVideoConfig();
  const unit = Math.min(width, height) / 1080;
  const script = font.startsWith('"Great Vibes"') ? 1.35 : 1;
  return (px: number) => Math.round(px * unit * script);
}

function OpeningWords({ card, font, weight }: { card: VideoOpeningCard; font: string; weight: number }) {
  const size = useTextSize(font);
  return (
    <div style={{ fontFamily: font, fontWeight: weight }}>
      <div style={{ fontSize: size(84), lineHeight: 1.15 }}>{card.title}</div>
      {card.subtitle && (
        <div style={{ fontSize: size(44), lineHeight: 1.3, marginTop: size(28), opacity: 0.85 }}>
          {card.subtitle}
        </div>
      )}
    </div>
  );
}

function ClosingWords({ card, font, weight }: { card: VideoClosingCard; font: string; weight: number }) {
  const size = useTextSize(font);
  return (
    <div style={{ fontFamily: font, fontWeight: weight, fontSize: size(68), lineHeight: 1.2 }}>
      {card.message}
    </div>
  );
}
