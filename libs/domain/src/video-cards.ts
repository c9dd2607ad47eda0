import { z } from 'zod';

/**
 * Title and closing cards (issue 37): the name and dates a memorial video opens with ("In loving
 * memory of Rose Ellis", "1934 – 2024") and the line it closes on ("Forever in our hearts"). One
 * place for their limits, so the Design step, the services and the composition agree.
 */

/** The typefaces a card is set in, each shipped with the product (OFL, `@fontsource/*`). */
export const CARD_FONTS = {
  serif: { family: 'Lora', weight: 600 },
  sans: { family: 'Inter', weight: 600 },
  script: { family: 'Great Vibes', weight: 400 },
} as const;
export type CardFont = keyof typeof CARD_FONTS;
export const CARD_FONT_IDS = Object.keys(CARD_FONTS) as CardFont[];
export const DEFAULT_CARD_FONT: CardFont = 'serif';

/** Characters: a name and a line of dates, or one short sentence, fit one or two lines at 1080 px. */
export const CARD_TEXT_LIMITS = { title: 60, subtitle: 60, message: 80 } as const;
/** A card's time on screen, in seconds: the Design step's slider. */
export const CARD_SECONDS = { min: 2, max: 8, step: 0.5, default: 4 } as const;
/** The colours offered behind a card; any #rrggbb is accepted. */
export const CARD_COLORS = ['#1c1917', '#1e293b', '#3b2a22', '#f5f0e8'] as const;
export const DEFAULT_CARD_COLOR = CARD_COLORS[0];

export const CardBackgroundSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('color'), color: z.string().regex(/^#[0-9a-f]{6}$/i) }),
  /** One of the project's photos, blurred and darkened behind the words. */
  z.object({ kind: z.literal('photo'), photoId: z.string().min(1).max(100) }),
]);
export type CardBackground = z.infer<typeof CardBackgroundSchema>;

const cardText = (max: number) =>
  z
    .string()
    .max(max * 4)
    .transform((text) => text.replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(max));
const secondsOnScreen = z.number().min(CARD_SECONDS.min).max(CARD_SECONDS.max).multipleOf(CARD_SECONDS.step);

export const OpeningCardSchema = z.object({
  title: cardText(CARD_TEXT_LIMITS.title).pipe(z.string().min(1)),
  subtitle: cardText(CARD_TEXT_LIMITS.subtitle).default(''),
  background: CardBackgroundSchema,
  seconds: secondsOnScreen,
});
export type OpeningCard = z.infer<typeof OpeningCardSchema>;

export const ClosingCardSchema = z.object({
  message: cardText(CARD_TEXT_LIMITS.message).pipe(z.string().min(1)),
  background: CardBackgroundSchema,
  seconds: secondsOnScreen,
});
export type ClosingCard = z.infer<typeof ClosingCardSchema>;

/** A new opening card as the Design step starts it: the project's name, no dates yet. */
export function newOpeningCard(title: string): OpeningCard {
  return {
    title: title.slice(0, CARD_TEXT_LIMITS.title),
    subtitle: '',
    background: { kind: 'color', color: DEFAULT_CARD_COLOR },
    seconds: CARD_SECONDS.default,
  };
}

export const DEFAULT_CLOSING_MESSAGE = 'Forever in our hearts';

export function newClosingCard(): ClosingCard {
  return {
    message: DEFAULT_CLOSING_MESSAGE,
    background: { kind: 'color', color: DEFAULT_CARD_COLOR },
    seconds: CARD_SECONDS.default,
  };
}

/** Seconds the cards add to the photos' time. */
export function cardSeconds(cards: {
  opening: { seconds: number } | null;
  closing: { seconds: number } | null;
}): number {
  return (cards.opening?.seconds ?? 0) + (cards.closing?.seconds ?? 0);
}

/**
 * The words' colour on a background: dark on a light colour, white on a dark one and on a photo
 * (which is darkened behind them).
 */
export function cardTextColor(background: CardBackground): '#ffffff' | '#1c1917' {
  if (background.kind === 'photo') return '#ffffff';
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(background.color.slice(at, at + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.6 ? '#1c1917' : '#ffffff';
}
