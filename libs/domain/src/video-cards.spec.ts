import { describe, expect, it } from 'vitest';
import { shareImageTitle } from './sharing.js';
import {
  CARD_TEXT_LIMITS,
  ClosingCardSchema,
  cardSeconds,
  cardTextColor,
  newClosingCard,
  newOpeningCard,
  OpeningCardSchema,
} from './video-cards.js';

const opening = newOpeningCard('Rose Ellis');

describe('title and closing cards', () => {
  it('start from the project name, or "Forever in our hearts", on a dark colour for 4 s', () => {
    expect(opening).toEqual({
      title: 'Rose Ellis',
      subtitle: '',
      background: { kind: 'color', color: '#1c1917' },
      seconds: 4,
    });
    expect(newClosingCard().message).toBe('Forever in our hearts');
    expect(newOpeningCard('x'.repeat(100)).title).toHaveLength(CARD_TEXT_LIMITS.title);
  });

  it('tidy their words: spaces and line breaks fold into one space, ends trimmed', () => {
    expect(
      OpeningCardSchema.parse({ ...opening, title: '  Rose \n\n Ellis ', subtitle: ' 1934 –\t2024 ' }),
    ).toMatchObject({
      title: 'Rose Ellis',
      subtitle: '1934 – 2024',
    });
  });

  it('refuse words past their limits, an empty title or message, and a time off the slider', () => {
    const refused = [
      { ...opening, title: 'x'.repeat(CARD_TEXT_LIMITS.title + 1) },
      { ...opening, subtitle: 'x'.repeat(CARD_TEXT_LIMITS.subtitle + 1) },
      { ...opening, title: '   ' },
      { ...opening, seconds: 1.5 },
      { ...opening, seconds: 8.5 },
      { ...opening, seconds: 3.25 },
      { ...opening, background: { kind: 'color', color: 'red' } },
      { ...opening, background: { kind: 'photo', photoId: '' } },
    ];
    for (const card of refused) expect(OpeningCardSchema.safeParse(card).success).toBe(false);
    expect(ClosingCardSchema.safeParse({ ...newClosingCard(), message: '' }).success).toBe(false);
    expect(
      ClosingCardSchema.safeParse({ ...newClosingCard(), message: 'x'.repeat(CARD_TEXT_LIMITS.message) })
        .success,
    ).toBe(true);
  });

  it('add their seconds to the video', () => {
    expect(cardSeconds({ opening, closing: null })).toBe(4);
    expect(cardSeconds({ opening, closing: { ...newClosingCard(), seconds: 2.5 } })).toBe(6.5);
    expect(cardSeconds({ opening: null, closing: null })).toBe(0);
  });

  it('set dark words on a light colour and white ones on a dark colour or a photo', () => {
    expect(cardTextColor({ kind: 'color', color: '#f5f0e8' })).toBe('#1c1917');
    expect(cardTextColor({ kind: 'color', color: '#1c1917' })).toBe('#ffffff');
    expect(cardTextColor({ kind: 'photo', photoId: 'p' })).toBe('#ffffff');
  });
});

describe("a share's link preview", () => {
  it('takes the opening title when the video has one, else the viewer’s title', () => {
    const share = { name: 'Grandma', shareTitle: 'Our Rose' };
    expect(shareImageTitle({ ...share, videoSettings: { opening } })).toBe('Rose Ellis');
    expect(shareImageTitle({ ...share, videoSettings: { opening: null } })).toBe('Grandma');
    expect(shareImageTitle({ shareTitle: 'Our Rose' })).toBe('Our Rose');
  });
});
