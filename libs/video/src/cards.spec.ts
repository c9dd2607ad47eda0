import { defaultVideoSettings, newClosingCard, newOpeningCard } from '@memoreel/domain';
import { describe, expect, it } from 'vitest';
import { threePhotos } from '../test/fixtures.js';
import { cardFontOf, cardText, cardVisibilityAt, videoCardsFromSettings } from './cards.js';
import { chunkPlan } from './chunks/chunk-plan.js';
import { musicPlacements } from './music.js';
import { videoPropsFromProject } from './props.js';
import { cardWindows, photoIndexAt, photoSpan, videoDurationInFrames } from './timing.js';

const opening = {
  title: 'Rose Ellis',
  subtitle: '1934 – 2024',
  background: { color: '#1c1917' },
  seconds: 3,
};
const closing = { message: 'Forever in our hearts', background: { color: '#f5f0e8' }, seconds: 2 };

describe('cards in the timeline', () => {
  it('put the photos after the opening card and the closing card after them', () => {
    const props = threePhotos({ opening, closing });
    expect(cardWindows(props)).toEqual({
      opening: { from: 0, durationInFrames: 90 },
      closing: { from: 270, durationInFrames: 60 },
    });
    expect(photoSpan(props, 0)).toEqual({ start: 90, frames: 60 });
    expect(photoSpan(props, 2)).toEqual({ start: 210, frames: 60 });
    expect(videoDurationInFrames(props)).toBe(330);
    expect(photoIndexAt(props, 150)).toBe(1);
  });

  it('play the music under the cards too, to the end of the closing one', () => {
    const music = [{ instanceId: 'm', url: 'm.mp3', startTime: 0, duration: 20 }];
    expect(musicPlacements(threePhotos({ opening, closing, music }))[0]).toMatchObject({
      from: 0,
      durationInFrames: 330,
    });
  });

  it('a video of cards alone still has its length', () => {
    expect(videoDurationInFrames(threePhotos({ photos: [], opening }))).toBe(90);
  });

  it('fade in from black and out to black over half a second', () => {
    expect(cardVisibilityAt(90, 0)).toBeCloseTo(1 / 15);
    expect(cardVisibilityAt(90, 14)).toBe(1);
    expect(cardVisibilityAt(90, 45)).toBe(1);
    expect(cardVisibilityAt(90, 89)).toBeCloseTo(1 / 15);
    expect(cardVisibilityAt(90, 90)).toBe(0);
  });

  it('name every character their typeface must hold, in the face chosen', () => {
    expect(cardText({ opening, closing })).toBe('Rose Ellis 1934 – 2024 Forever in our hearts');
    const photos = [{ caption: { text: 'جدتي 🌹' } }, {}];
    expect(cardText({ photos })).toBe('جدتي 🌹');
    expect(cardFontOf({ font: 'script' })).toMatchObject({ family: 'Great Vibes', weight: 400 });
    expect(cardFontOf({})).toMatchObject({ family: 'Lora', weight: 600 });
  });
});

describe('cards from the settings', () => {
  const settings = {
    ...defaultVideoSettings(),
    opening: { ...newOpeningCard('Rose Ellis'), background: { kind: 'photo' as const, photoId: 'b' } },
    closing: { ...newClosingCard(), background: { kind: 'photo' as const, photoId: 'gone' } },
    font: 'sans' as const,
  };

  it('draw a photo background from that photo’s derivative, and the default colour for a photo gone', () => {
    const props = videoPropsFromProject({
      photos: [
        { id: 'a', url: 'https://storage.test/a.jpg', transforms: null },
        { id: 'b', url: 'https://storage.test/b.jpg', transforms: null },
      ],
      settings,
      musicUrl: () => '',
    });
    expect(props.opening?.background).toEqual({ url: 'https://storage.test/b.jpg' });
    expect(props.closing?.background).toEqual({ color: '#1c1917' });
    expect(props.font).toBe('sans');
  });

  it('leave the props as they were without cards', () => {
    expect(videoCardsFromSettings(defaultVideoSettings(), () => undefined)).toEqual({});
  });
});

describe('cards in the chunk plan', () => {
  const withCards = threePhotos({ opening, closing });
  const hashes = (props: typeof withCards) => chunkPlan(props).map((chunk) => chunk.hash);

  it('are chunks of their own', () => {
    expect(chunkPlan(withCards).map((chunk) => chunk.frameRange)).toEqual([
      [0, 89],
      [90, 149],
      [150, 209],
      [210, 269],
      [270, 329],
    ]);
  });

  it('re-render only the card whose words changed', () => {
    const before = hashes(withCards);
    const retitled = hashes({ ...withCards, opening: { ...opening, title: 'Rose M. Ellis' } });
    expect(retitled.map((hash, i) => hash === before[i])).toEqual([false, true, true, true, true]);
    const reworded = hashes({ ...withCards, closing: { ...closing, message: 'Always loved' } });
    expect(reworded.map((hash, i) => hash === before[i])).toEqual([true, true, true, true, false]);
    const font = hashes({ ...withCards, font: 'script' });
    expect(font.map((hash, i) => hash === before[i])).toEqual([false, true, true, true, false]);
  });

  it('re-render a photo’s own chunk when its caption changes, and every captioned one with the face', () => {
    const captioned = {
      ...withCards,
      photos: withCards.photos.map((photo, i) =>
        i === 1 ? { ...photo, caption: { text: 'Joe', placement: 'bottom' as const } } : photo,
      ),
    };
    const before = hashes(withCards);
    expect(hashes(captioned).map((hash, i) => hash === before[i])).toEqual([true, true, false, true, true]);
    const script = hashes({ ...captioned, font: 'script' });
    expect(script.map((hash, i) => hash === hashes(captioned)[i])).toEqual([false, true, false, true, false]);
  });

  it('name a photo background by its content, not its signed URL', () => {
    const photoCard = (url: string) => ({ ...withCards, opening: { ...opening, background: { url } } });
    expect(hashes(photoCard('https://storage.test/b.jpg?sig=1'))).toEqual(
      hashes(photoCard('https://storage.test/b.jpg?sig=2')),
    );
  });
});
