import { describe, expect, it } from 'vitest';
import { CAPTION_LIMITS, captionLength, PhotoCaptionSchema, parseCaption } from './photo-captions.js';

describe('photo captions', () => {
  it('count what a person sees: an emoji, a flag or an accented letter is one character', () => {
    expect(captionLength('Rose 🌹')).toBe(6);
    expect(captionLength('👨‍👩‍👧 🇮🇪')).toBe(3);
    expect(captionLength('Renée')).toBe(5);
    expect(captionLength('جدتي روز')).toBe(8);
  });

  it('tidy each line and keep up to two', () => {
    expect(PhotoCaptionSchema.parse({ text: '  Rose   and Joe \n\n  1962 ', placement: 'bottom' })).toEqual({
      text: 'Rose and Joe\n1962',
      placement: 'bottom',
    });
  });

  it('refuse an empty caption, a third line, one past the limit and an unknown place', () => {
    const refused = [
      { text: '   ', placement: 'bottom' },
      { text: 'a\nb\nc', placement: 'bottom' },
      { text: '🌹'.repeat(CAPTION_LIMITS.chars + 1), placement: 'top' },
      { text: 'Rose', placement: 'middle' },
    ];
    for (const caption of refused) expect(PhotoCaptionSchema.safeParse(caption).success).toBe(false);
    expect(
      PhotoCaptionSchema.safeParse({ text: '🌹'.repeat(CAPTION_LIMITS.chars), placement: 'top' }).success,
    ).toBe(true);
  });

  it('read a stored caption, and none from anything malformed', () => {
    expect(parseCaption({ text: 'جدتي روز', placement: 'top' })).toEqual({
      text: 'جدتي روز',
      placement: 'top',
    });
    expect(parseCaption(null)).toBeNull();
    expect(parseCaption({ text: 7 })).toBeNull();
  });
});
