import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoMotion, autoMotionKind, type PhotoBox } from './auto-motion.js';
import { type PhotoFraming, photoFraming, WHOLE_PHOTO } from './photo-framing.js';
import { transformAt } from './photo-workflow.js';
import { clampTransforms, type PhotoTransform } from './photos.js';

/**
 * Where a photo pixel lands in the frame under a pose, as the video draws it: `contain` fit, the
 * framing, then translate · rotate · scale about the centre.
 */
function landing(
  frame: { width: number; height: number },
  photo: { width: number; height: number },
  pose: PhotoTransform,
  x: number,
  y: number,
  framing: PhotoFraming = WHOLE_PHOTO,
) {
  expect(pose.rotate).toBe(0);
  const fit = Math.min(frame.width / photo.width, frame.height / photo.height);
  const containedX = (frame.width - photo.width * fit) / 2 + x * fit;
  const containedY = (frame.height - photo.height * fit) / 2 + y * fit;
  const boxX =
    frame.width / 2 +
    (framing.translateX / 100) * frame.width +
    framing.scale * (containedX - frame.width / 2);
  const boxY =
    frame.height / 2 +
    (framing.translateY / 100) * frame.height +
    framing.scale * (containedY - frame.height / 2);
  return {
    x: frame.width / 2 + (pose.translateX / 100) * frame.width + pose.scale * (boxX - frame.width / 2),
    y: frame.height / 2 + (pose.translateY / 100) * frame.height + pose.scale * (boxY - frame.height / 2),
  };
}

const FRAMES = [
  { width: 1920, height: 1080 },
  { width: 1080, height: 1080 },
  { width: 1080, height: 1920 },
];

/** A photo of any camera's shape, with one to five boxes inside it. */
const scene = fc
  .record({
    width: fc.integer({ min: 200, max: 8000 }),
    height: fc.integer({ min: 200, max: 8000 }),
    frame: fc.constantFrom(...FRAMES),
    durationSeconds: fc.integer({ min: 1, max: 15 }),
    index: fc.integer({ min: 0, max: 50 }),
    boxes: fc.array(
      fc.record({
        x: fc.double({ min: 0, max: 0.95, noNaN: true }),
        y: fc.double({ min: 0, max: 0.95, noNaN: true }),
        w: fc.double({ min: 0.02, max: 0.6, noNaN: true }),
        h: fc.double({ min: 0.02, max: 0.6, noNaN: true }),
      }),
      { minLength: 0, maxLength: 5 },
    ),
  })
  .map(({ width, height, boxes, ...rest }) => ({
    ...rest,
    photo: { width, height },
    boxes: boxes.map(
      (box): PhotoBox => ({
        x: box.x * width,
        y: box.y * height,
        width: Math.min(box.w, 1 - box.x) * width,
        height: Math.min(box.h, 1 - box.y) * height,
      }),
    ),
  }));

describe('auto motion', () => {
  it('keeps every face wholly in frame on every frame of the photo, in poses as they are stored', () => {
    fc.assert(
      fc.property(scene, ({ frame, photo, boxes, durationSeconds, index }) => {
        const motion = autoMotion({ boxes, photo, durationSeconds, index, frame });
        expect(clampTransforms(motion)).toEqual(motion);
        const framing = photoFraming(photo, frame, boxes);
        const frames = durationSeconds * 30;
        for (let at = 0; at < frames; at++) {
          const pose = transformAt(motion['0'], motion['100'], at / Math.max(1, frames - 1));
          for (const box of boxes) {
            const topLeft = landing(frame, photo, pose, box.x, box.y, framing);
            const bottomRight = landing(frame, photo, pose, box.x + box.width, box.y + box.height, framing);
            expect(topLeft.x).toBeGreaterThanOrEqual(-0.01);
            expect(topLeft.y).toBeGreaterThanOrEqual(-0.01);
            expect(bottomRight.x).toBeLessThanOrEqual(frame.width + 0.01);
            expect(bottomRight.y).toBeLessThanOrEqual(frame.height + 0.01);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('ends centred on the faces when they are near the middle of the photo', () => {
    /** One to three faces within a group smaller than a third of the photo, around its middle. */
    const middleScene = fc
      .record({
        width: fc.integer({ min: 400, max: 8000 }),
        height: fc.integer({ min: 400, max: 8000 }),
        frame: fc.constantFrom(...FRAMES),
        durationSeconds: fc.integer({ min: 1, max: 15 }),
        index: fc.integer({ min: 0, max: 50 }),
        centre: fc.record({
          x: fc.double({ min: 0.35, max: 0.65, noNaN: true }),
          y: fc.double({ min: 0.35, max: 0.65, noNaN: true }),
        }),
        size: fc.record({
          w: fc.double({ min: 0.04, max: 0.28, noNaN: true }),
          h: fc.double({ min: 0.04, max: 0.28, noNaN: true }),
        }),
        inner: fc.array(
          fc.record({
            x: fc.double({ min: 0, max: 0.5, noNaN: true }),
            y: fc.double({ min: 0, max: 0.5, noNaN: true }),
          }),
          {
            maxLength: 2,
          },
        ),
      })
      .map(({ width, height, centre, size, inner, ...rest }) => {
        const group = {
          x: (centre.x - size.w / 2) * width,
          y: (centre.y - size.h / 2) * height,
          width: size.w * width,
          height: size.h * height,
        };
        // The group's outline is one face; the others sit inside it.
        const others = inner.map((at) => ({
          x: group.x + at.x * group.width,
          y: group.y + at.y * group.height,
          width: group.width / 2,
          height: group.height / 2,
        }));
        return { ...rest, photo: { width, height }, group, boxes: [group, ...others] };
      });
    fc.assert(
      fc.property(middleScene, ({ frame, photo, group, boxes, durationSeconds, index }) => {
        const end = autoMotion({ boxes, photo, durationSeconds, index, frame })['100'];
        const framing = photoFraming(photo, frame, boxes);
        const a = landing(frame, photo, end, group.x, group.y, framing);
        const b = landing(frame, photo, end, group.x + group.width, group.y + group.height, framing);
        // Within the centre snap (3 % of the frame), which the stored pose keeps.
        expect(Math.abs((a.x + b.x) / 2 - frame.width / 2)).toBeLessThanOrEqual(frame.width * 0.035);
        expect(Math.abs((a.y + b.y) / 2 - frame.height / 2)).toBeLessThanOrEqual(frame.height * 0.035);
        expect(end.scale).toBeGreaterThan(1);
      }),
      { numRuns: 300 },
    );
  });

  it('moves towards a face off-centre, so it ends nearer the middle than it starts', () => {
    const photo = { width: 4000, height: 3000 };
    const face: PhotoBox = { x: 2700, y: 700, width: 500, height: 600 };
    const motion = autoMotion({ boxes: [face], photo, durationSeconds: 6, index: 0 });
    const centre = (pose: PhotoTransform) => {
      const a = landing({ width: 1920, height: 1080 }, photo, pose, face.x, face.y);
      const b = landing(
        { width: 1920, height: 1080 },
        photo,
        pose,
        face.x + face.width,
        face.y + face.height,
      );
      return Math.hypot((a.x + b.x) / 2 - 960, (a.y + b.y) / 2 - 540);
    };
    expect(motion['0']).toEqual({ scale: 1, translateX: 0, translateY: 0, rotate: 0 });
    expect(centre(motion['100'])).toBeLessThan(centre(motion['0']) / 2);
    expect(motion['100'].scale).toBeGreaterThan(1.2);
  });

  it('varies the move from photo to photo: in, out, across', () => {
    const photo = { width: 4000, height: 3000 };
    const faces: PhotoBox[] = [{ x: 1700, y: 1100, width: 600, height: 700 }];
    const [first, second, third] = [0, 1, 2].map((index) =>
      autoMotion({ boxes: faces, photo, durationSeconds: 5, index }),
    );
    expect([0, 1, 2, 3].map(autoMotionKind)).toEqual(['in', 'out', 'across', 'in']);
    // In: from the whole photo towards the face.
    expect(first?.['0'].scale).toBe(1);
    expect(first?.['100'].scale).toBeGreaterThan(1);
    // Out: from closer in back to the same end.
    expect(second?.['100']).toEqual(first?.['100']);
    expect(second?.['0'].scale).toBeGreaterThan(second?.['100'].scale ?? Number.POSITIVE_INFINITY);
    // Across: the end's zoom, arriving sideways.
    expect(third?.['0'].scale).toBe(third?.['100'].scale);
    expect(third?.['0'].translateX).not.toBe(third?.['100'].translateX);
  });

  it('without a face, moves gently into the middle of the photo', () => {
    const motion = autoMotion({
      boxes: [],
      photo: { width: 3000, height: 2000 },
      durationSeconds: 5,
      index: 0,
    });
    expect(motion['0']).toEqual({ scale: 1, translateX: 0, translateY: 0, rotate: 0 });
    expect(motion['100']).toMatchObject({ translateX: 0, translateY: 0, rotate: 0 });
    expect(motion['100'].scale).toBeGreaterThan(1);
    expect(motion['100'].scale).toBeLessThanOrEqual(1.6);
  });

  it('ignores a box that is not a region of the photo', () => {
    const photo = { width: 3000, height: 2000 };
    const plain = autoMotion({ boxes: [], photo, durationSeconds: 5, index: 1 });
    const nonsense: PhotoBox[] = [
      { x: Number.NaN, y: 10, width: 100, height: 100 },
      { x: 5000, y: 10, width: 100, height: 100 },
      { x: 10, y: 10, width: 0, height: 100 },
    ];
    expect(autoMotion({ boxes: nonsense, photo, durationSeconds: 5, index: 1 })).toEqual(plain);
  });
});
