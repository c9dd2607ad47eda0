import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PhotoBox } from './auto-motion.js';
import {
  facesOf,
  MAX_FILL_CROP,
  type PhotoFraming,
  photoFraming,
  photoLayerCss,
  WHOLE_PHOTO,
} from './photo-framing.js';
import { VIDEO_FORMATS } from './video-settings.js';

type Size = { width: number; height: number };

/** The photo's outline in the frame as the video draws it: `contain`, then the framing about the centre. */
function drawnRect(photo: Size, frame: Size, framing: PhotoFraming) {
  const fit = Math.min(frame.width / photo.width, frame.height / photo.height);
  const place = (value: number, size: number, shift: number) =>
    size / 2 + (shift / 100) * size + framing.scale * (value - size / 2);
  const left = (frame.width - photo.width * fit) / 2;
  const top = (frame.height - photo.height * fit) / 2;
  const at = (x: number, y: number) => ({
    x: place(left + x * fit, frame.width, framing.translateX),
    y: place(top + y * fit, frame.height, framing.translateY),
  });
  return { at, topLeft: at(0, 0), bottomRight: at(photo.width, photo.height) };
}

const { '16:9': WIDE, '1:1': SQUARE, '9:16': TALL } = VIDEO_FORMATS;

describe('photo layer CSS', () => {
  const pose = { scale: 2, translateX: 20, translateY: -10, rotate: 30 };

  it('writes a pose translate first, so it moves in % of the frame', () => {
    expect(photoLayerCss(pose)).toBe('translate(20%, -10%) rotate(30deg) scale(2)');
  });

  it('puts the framing after the pose, so the pose moves the framed photo; a whole photo has none', () => {
    expect(photoLayerCss(pose, { scale: 1.334, translateX: -4.5, translateY: 0 })).toBe(
      'translate(20%, -10%) rotate(30deg) scale(2) translate(-4.5%, 0%) scale(1.334)',
    );
    expect(photoLayerCss(pose, WHOLE_PHOTO)).toBe(photoLayerCss(pose));
  });
});

describe('photo framing', () => {
  it('fills a 9:16 frame with a 3:4 or 2:3 portrait, and a square one with a 4:3 photo', () => {
    for (const [photo, frame] of [
      [{ width: 3000, height: 4000 }, TALL],
      [{ width: 4000, height: 6000 }, TALL],
      [{ width: 4032, height: 3024 }, SQUARE],
      [{ width: 3024, height: 4032 }, SQUARE],
    ] as const) {
      const framing = photoFraming(photo, frame);
      expect(framing.scale).toBeGreaterThan(1);
      const { topLeft, bottomRight } = drawnRect(photo, frame, framing);
      // No band on any side: the photo reaches past every edge of the frame.
      expect(topLeft.x).toBeLessThanOrEqual(0.01);
      expect(topLeft.y).toBeLessThanOrEqual(0.01);
      expect(bottomRight.x).toBeGreaterThanOrEqual(frame.width - 0.01);
      expect(bottomRight.y).toBeGreaterThanOrEqual(frame.height - 0.01);
    }
  });

  it('keeps the whole photo where filling would crop over a quarter of it, and always in 16:9', () => {
    expect(photoFraming({ width: 4000, height: 3000 }, TALL)).toEqual(WHOLE_PHOTO);
    expect(photoFraming({ width: 3000, height: 3000 }, TALL)).toEqual(WHOLE_PHOTO);
    expect(photoFraming({ width: 1920, height: 1080 }, SQUARE)).toEqual(WHOLE_PHOTO);
    expect(photoFraming({ width: 4032, height: 3024 }, WIDE)).toEqual(WHOLE_PHOTO);
    expect(photoFraming({ width: 3000, height: 2000 }, WIDE)).toEqual(WHOLE_PHOTO);
    // A photo of the frame's own shape needs nothing.
    expect(photoFraming({ width: 1080, height: 1920 }, TALL)).toEqual(WHOLE_PHOTO);
    // A size that is no format (a stored 8192 × 8192, say) is drawn whole.
    expect(photoFraming({ width: 3000, height: 4000 }, { width: 8192, height: 8192 })).toEqual(WHOLE_PHOTO);
  });

  it('moves the crop towards a face near the edge, so it is not cut', () => {
    const photo = { width: 3000, height: 4000 };
    const face: PhotoBox = { x: 30, y: 1500, width: 500, height: 600 };
    const centred = drawnRect(photo, TALL, photoFraming(photo, TALL));
    // Centred, the face would lose its left part to the crop.
    expect(centred.at(face.x, face.y).x).toBeLessThan(0);
    const framing = photoFraming(photo, TALL, [face]);
    expect(framing.scale).toBeGreaterThan(1);
    expect(framing.translateX).toBeGreaterThan(0);
    expect(drawnRect(photo, TALL, framing).at(face.x, face.y).x).toBeGreaterThanOrEqual(0);
  });

  it('keeps faces whole, but crops a photo without faces about its centre whatever its subject', () => {
    const photo = { width: 3000, height: 4000 };
    // Media's subject of a faceless portrait: a square as wide as the photo.
    const subject = { kind: 'subject', boxes: [{ x: 0, y: 800, width: 3000, height: 3000 }] };
    expect(facesOf(subject)).toEqual([]);
    expect(photoFraming(photo, TALL, facesOf(subject))).toEqual(photoFraming(photo, TALL));
    expect(photoFraming(photo, TALL).scale).toBeGreaterThan(1);
    expect(facesOf({ kind: 'faces', boxes: subject.boxes })).toEqual(subject.boxes);
    expect(facesOf(null)).toEqual([]);
  });

  it('keeps the whole photo when its faces are wider than the frame would show', () => {
    const photo = { width: 3000, height: 4000 };
    const row = [
      { x: 20, y: 1500, width: 400, height: 500 },
      { x: 2580, y: 1500, width: 400, height: 500 },
    ];
    expect(photoFraming(photo, TALL, row)).toEqual(WHOLE_PHOTO);
  });

  it('either keeps the photo whole or fills the frame, cropping at most a quarter and cutting no one', () => {
    const scene = fc.record({
      width: fc.integer({ min: 200, max: 8000 }),
      height: fc.integer({ min: 200, max: 8000 }),
      frame: fc.constantFrom(WIDE, SQUARE, TALL),
      boxes: fc.array(
        fc.record({
          x: fc.double({ min: 0, max: 0.95, noNaN: true }),
          y: fc.double({ min: 0, max: 0.95, noNaN: true }),
          w: fc.double({ min: 0.02, max: 0.6, noNaN: true }),
          h: fc.double({ min: 0.02, max: 0.6, noNaN: true }),
        }),
        { maxLength: 4 },
      ),
    });
    fc.assert(
      fc.property(scene, ({ width, height, frame, boxes }) => {
        const photo = { width, height };
        const people = boxes.map((box) => ({
          x: box.x * width,
          y: box.y * height,
          width: Math.min(box.w, 1 - box.x) * width,
          height: Math.min(box.h, 1 - box.y) * height,
        }));
        const framing = photoFraming(photo, frame, people);
        if (framing === WHOLE_PHOTO) return;
        expect(frame).not.toBe(WIDE);
        const { topLeft, bottomRight, at } = drawnRect(photo, frame, framing);
        const slack = 0.02;
        expect(topLeft.x).toBeLessThanOrEqual(slack);
        expect(topLeft.y).toBeLessThanOrEqual(slack);
        expect(bottomRight.x).toBeGreaterThanOrEqual(frame.width - slack);
        expect(bottomRight.y).toBeGreaterThanOrEqual(frame.height - slack);
        const shown =
          (frame.width * frame.height) / ((bottomRight.x - topLeft.x) * (bottomRight.y - topLeft.y));
        expect(shown).toBeGreaterThanOrEqual(1 - MAX_FILL_CROP - 0.002);
        for (const box of people) {
          const a = at(box.x, box.y);
          const b = at(box.x + box.width, box.y + box.height);
          expect(a.x).toBeGreaterThanOrEqual(-slack);
          expect(a.y).toBeGreaterThanOrEqual(-slack);
          expect(b.x).toBeLessThanOrEqual(frame.width + slack);
          expect(b.y).toBeLessThanOrEqual(frame.height + slack);
        }
      }),
      { numRuns: 500 },
    );
  });
});
