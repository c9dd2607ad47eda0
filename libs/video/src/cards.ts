import {
  CARD_FONT_IDS,
  CARD_FONTS,
  CARD_SECONDS,
  CARD_TEXT_LIMITS,
  type CardBackground,
  type CardFont,
  type ClosingCard,
  cardTextColor,
  DEFAULT_CARD_COLOR,
  DEFAULT_CARD_FONT,
  type OpeningCard,
} from '@memoreel/domain';
import { z } from 'zod';
import { FPS } from './constants.js';

/**
 * The title and closing cards as the composition draws them: plain functions of the props, like
 * the photos' timing, so the preview, the render and the chunk plan agree. The cards' settings live
 * in libs/domain (`OpeningCard`, `ClosingCard`); here a photo background is a URL.
 */

/** A colour, or a photo's URL (its filtered derivative), drawn blurred and darkened. */
export const VideoCardBackgroundSchema = z.union([
  z.object({ color: z.string().regex(/^#[0-9a-f]{6}$/i) }),
  z.object({ url: z.string().min(1) }),
]);
export type VideoCardBackground = z.infer<typeof VideoCardBackgroundSchema>;

const seconds = z.number().min(CARD_SECONDS.min).max(CARD_SECONDS.max);

export const VideoOpeningCardSchema = z.object({
  title: z.string().min(1).max(CARD_TEXT_LIMITS.title),
  subtitle: z.string().max(CARD_TEXT_LIMITS.subtitle),
  background: VideoCardBackgroundSchema,
  seconds,
});
export type VideoOpeningCard = z.infer<typeof VideoOpeningCardSchema>;

export const VideoClosingCardSchema = z.object({
  message: z.string().min(1).max(CARD_TEXT_LIMITS.message),
  background: VideoCardBackgroundSchema,
  seconds,
});
export type VideoClosingCard = z.infer<typeof VideoClosingCardSchema>;

export const VideoCardFontSchema = z.enum(CARD_FONT_IDS);

type CardProps = {
  opening?: VideoOpeningCard | undefined;
  closing?: VideoClosingCard | undefined;
  font?: CardFont | undefined;
};

/** A card's frames: its seconds at 30 fps (the slider's half seconds give whole frames). */
const framesOf = (card: { seconds: number } | undefined) => (card ? Math.round(card.seconds * FPS) : 0);

/** Frames before the first photo: the opening card's. */
export function openingFrames(props: CardProps): number {
  return framesOf(props.opening);
}

/** Frames after the last photo: the closing card's. */
export function closingFrames(props: CardProps): number {
  return framesOf(props.closing);
}

/** Each card fades in from black and out to black over half a second. */
export const CARD_FADE_FRAMES = 15;

/**
 * How much of a card shows at `frame` frames into it (0 to 1): a black veil over the card
 * carries the fades, so the card itself is drawn fully opaque (the web renderer applies opacity
 * element by element; one veil on top composites the same in both renderers).
 */
export function cardVisibilityAt(frames: number, frame: number): number {
  if (frame < 0 || frame >= frames) return 0;
  const fade = Math.min(CARD_FADE_FRAMES, frames / 2);
  return Math.min(1, (frame + 1) / fade, (frames - frame) / fade);
}

/** After the chosen face, the faces that draw what it does not: Arabic script, and emoji in colour. */
export const FALLBACK_FAMILIES = ['Noto Naskh Arabic', 'Noto Color Emoji'] as const;

/**
 * The typeface of the cards and captions: the family and weight as CSS names them, with the
 * shipped faces for other scripts and emoji after it (the last resort, serif, is never reached for
 * the characters those faces cover).
 */
export function cardFontOf(props: CardProps): { family: string; weight: number; css: string } {
  const { family, weight } = CARD_FONTS[props.font ?? DEFAULT_CARD_FONT];
  const css = [family, ...FALLBACK_FAMILIES].map((name) => `"${name}"`).join(', ');
  return { family, weight, css: `${css}, serif` };
}

/** Every character the cards draw, so the page loads the font files that hold them before drawing. */
export function cardText(props: CardProps & { photos?: readonly { caption?: { text: string } }[] }): string {
  const captions = (props.photos ?? []).map((photo) => photo.caption?.text);
  return [props.opening?.title, props.opening?.subtitle, props.closing?.message, ...captions]
    .filter(Boolean)
    .join(' ');
}

/** The words' colour on a card's background (dark on a light colour, else white). */
export function cardTextColorOf(background: VideoCardBackground): string {
  return 'color' in background
    ? cardTextColor({ kind: 'color', color: background.color })
    : cardTextColor({ kind: 'photo', photoId: '' });
}

/**
 * The cards' props from the stored settings: a photo background becomes the URL of that photo of the
 * project (a photo no longer in it falls back to the default colour).
 */
export function videoCardsFromSettings(
  settings: { opening: OpeningCard | null; closing: ClosingCard | null; font: CardFont },
  photoUrl: (photoId: string) => string | undefined,
): CardProps {
  const background = (from: CardBackground): VideoCardBackground => {
    if (from.kind === 'color') return { color: from.color };
    const url = photoUrl(from.photoId);
    return url ? { url } : { color: DEFAULT_CARD_COLOR };
  };
  return {
    ...(settings.opening
      ? {
          opening: {
            title: settings.opening.title,
            subtitle: settings.opening.subtitle,
            background: background(settings.opening.background),
            seconds: settings.opening.seconds,
          },
        }
      : {}),
    ...(settings.closing
      ? {
          closing: {
            message: settings.closing.message,
            background: background(settings.closing.background),
            seconds: settings.closing.seconds,
          },
        }
      : {}),
    ...(settings.opening || settings.closing ? { font: settings.font } : {}),
  };
}
