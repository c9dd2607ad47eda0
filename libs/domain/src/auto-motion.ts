import { type PhotoFraming, peopleBox, photoFraming } from './photo-framing.js';
import { clampTransform, type PhotoTransform, type PhotoTransforms } from './photos.js';

/**
 * "Auto motion" (issue 35): a photo's start and end poses chosen from where its people are, as a
 * pure function of (boxes, photo size, duration), so the preview and the render agree.
 *
 * Geometry (`photoLayerCss`): the photo is drawn `contain` in a full-frame box, framed
 * by `photoFraming` (a nearly-same-shaped photo fills a 1:1 or 9:16 frame, its people kept in), and
 * moved by `translate(tx%, ty%) rotate(r) scale(s)` about its centre. Without rotation a point X
 * of the box lands at `c + T + s·(X − c)`. Between the two keyframes `s` and `T` move by the same
 * eased factor, so a point's place is linear in it: a face inside the frame at the start and at the
 * end is inside it on every frame between. The rule therefore only has to check the two keyframes.
 */

/** A region of the photo in its own pixels, upright (a face, or the salient subject). */
export interface PhotoBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface AutoMotionInput {
  /** Faces, or the subject where there is no face; empty: the photo's centre. */
  boxes: readonly PhotoBox[];
  /** What the boxes are (default faces): only faces bound the framing (`photoFraming`). */
  kind?: 'faces' | 'subject';
  photo: { width: number; height: number };
  /** The photo's time on screen, in seconds: a longer one travels further. */
  durationSeconds: number;
  /** The photo's place in the video: neighbours get different moves (in, out, across). */
  index: number;
  /** The video's frame (default 1920 × 1080). */
  frame?: { width: number; height: number };
}

export const AUTO_MOTION_KINDS = ['in', 'out', 'across'] as const;
export type AutoMotionKind = (typeof AUTO_MOTION_KINDS)[number];

/** Room kept around the people, as a share of their box on each side. */
const PADDING = 0.2;
/** Space kept between the people and the frame's edge where the frame allows it (share of the frame). */
const MARGINS = [0.04, 0];
/** Zoom travelled per second on screen, and its bounds: gentle, as a hand-set Ken Burns would be. */
const ZOOM_PER_SECOND = 0.06;
const ZOOM_TRAVEL = { min: 0.15, max: 0.6 };
const SCALE_STEP = 0.1;

interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The kind of move for the photo at `index`: in, out, across, in, … */
export function autoMotionKind(index: number): AutoMotionKind {
  return AUTO_MOTION_KINDS[((index % 3) + 3) % 3] as AutoMotionKind;
}

/** Start and end poses that keep every box wholly in frame and end on them. */
export function autoMotion(input: AutoMotionInput): PhotoTransforms {
  const frame = input.frame ?? { width: 1920, height: 1080 };
  const geometry = new FrameGeometry(
    frame,
    input.photo,
    photoFraming(input.photo, frame, input.kind === 'subject' ? [] : input.boxes),
  );
  const people = geometry.union(input.boxes) ?? geometry.centre();
  const padded = geometry.pad(people, PADDING);
  const travel = Math.min(
    ZOOM_TRAVEL.max,
    Math.max(ZOOM_TRAVEL.min, ZOOM_PER_SECOND * input.durationSeconds),
  );
  const identity = clampTransform({ scale: 1, translateX: 0, translateY: 0, rotate: 0 });

  // The end: as close on the people as the travel allows, centred on them as far as the frame lets.
  const fit = Math.min(
    frame.width / (padded.right - padded.left),
    frame.height / (padded.bottom - padded.top),
  );
  const end = geometry.posedOn(people, Math.min(fit, 1 + travel));
  const kind = autoMotionKind(input.index);
  if (kind === 'out') {
    // From closer in, back out to the end's framing.
    const start = geometry.posedOn(people, end.scale + travel);
    if (start.scale > end.scale) return { '0': start, '100': end };
  } else if (kind === 'across') {
    // The same framing, arriving from the side the people are not on.
    const start = geometry.shiftedAcross(
      people,
      end,
      frame.width * 0.08 * Math.min(2, travel / ZOOM_TRAVEL.min),
    );
    if (start) return { '0': start, '100': end };
  }
  return { '0': identity, '100': end };
}

/** Where things are in the frame before and after a pose, in frame pixels. */
class FrameGeometry {
  private readonly centreX: number;
  private readonly centreY: number;
  /** Photo pixels to box pixels (`contain`), and where the photo's corner sits in the box. */
  private readonly fit: number;
  private readonly offsetX: number;
  private readonly offsetY: number;

  constructor(
    private readonly frame: { width: number; height: number },
    private readonly photo: { width: number; height: number },
    /** Where the photo rests in the frame before any pose (whole, or filling it). */
    private readonly framing: PhotoFraming,
  ) {
    this.centreX = frame.width / 2;
    this.centreY = frame.height / 2;
    this.fit = Math.min(frame.width / photo.width, frame.height / photo.height);
    this.offsetX = (frame.width - photo.width * this.fit) / 2;
    this.offsetY = (frame.height - photo.height * this.fit) / 2;
  }

  /** The boxes' union in box pixels, clipped to the photo; null when there is none. */
  union(boxes: readonly PhotoBox[]): Rect | null {
    const people = peopleBox(this.photo, boxes);
    return people ? this.toBox(people) : null;
  }

  /** The middle of the photo, for a photo with nothing found in it. */
  centre(): Rect {
    const { width, height } = this.photo;
    return this.toBox({ left: width * 0.3, top: height * 0.3, right: width * 0.7, bottom: height * 0.7 });
  }

  pad(rect: Rect, share: number): Rect {
    const dx = (rect.right - rect.left) * share;
    const dy = (rect.bottom - rect.top) * share;
    return { left: rect.left - dx, top: rect.top - dy, right: rect.right + dx, bottom: rect.bottom + dy };
  }

  /**
   * The pose at (at most) `scale` that centres `rect` as nearly as the frame allows while keeping it
   * wholly in frame, as stored (clamped: 0.1 zoom steps, the ±50 % bounds, the centre snap).
   * Scale 1 unmoved always qualifies: the whole photo is then in frame.
   */
  posedOn(rect: Rect, scale: number): PhotoTransform {
    for (let steps = Math.floor(Math.min(4, scale) / SCALE_STEP + 1e-9); steps >= 10; steps--) {
      const s = steps * SCALE_STEP;
      for (const margin of MARGINS) {
        const tx = this.translation(rect.left, rect.right, s, this.centreX, this.frame.width, margin);
        const ty = this.translation(rect.top, rect.bottom, s, this.centreY, this.frame.height, margin);
        if (tx === null || ty === null) continue;
        const pose = clampTransform({ scale: s, translateX: tx, translateY: ty, rotate: 0 });
        if (this.contains(pose, rect)) return pose;
      }
    }
    return clampTransform({ scale: 1, translateX: 0, translateY: 0, rotate: 0 });
  }

  /** `end` moved sideways by `distance` pixels, away from the people's side, if they stay in frame. */
  shiftedAcross(rect: Rect, end: PhotoTransform, distance: number): PhotoTransform | null {
    const side = (rect.left + rect.right) / 2 >= this.centreX ? 1 : -1;
    for (const share of [1, 0.5]) {
      const translateX = end.translateX + (side * distance * share * 100) / this.frame.width;
      const pose = clampTransform({ ...end, translateX });
      if (pose.translateX !== end.translateX && this.contains(pose, rect)) return pose;
    }
    return null;
  }

  /** Whether `rect` (box pixels) is wholly inside the frame under `pose`. */
  contains(pose: PhotoTransform, rect: Rect): boolean {
    const placed = this.placed(pose, rect);
    const slack = 1e-6;
    return (
      placed.left >= -slack &&
      placed.top >= -slack &&
      placed.right <= this.frame.width + slack &&
      placed.bottom <= this.frame.height + slack
    );
  }

  /** `rect` as it lands in the frame under `pose` (no rotation). */
  placed(pose: PhotoTransform, rect: Rect): Rect {
    const x = (value: number) =>
      this.centreX + (pose.translateX / 100) * this.frame.width + pose.scale * (value - this.centreX);
    const y = (value: number) =>
      this.centreY + (pose.translateY / 100) * this.frame.height + pose.scale * (value - this.centreY);
    return { left: x(rect.left), top: y(rect.top), right: x(rect.right), bottom: y(rect.bottom) };
  }

  /**
   * The translation (in % of the frame) along one axis that brings [low, high] to the frame's
   * centre at zoom `s`, moved as little as needed to keep it `margin` inside the frame; null when it
   * cannot fit.
   */
  private translation(low: number, high: number, s: number, centre: number, size: number, margin: number) {
    const inset = size * margin;
    const ideal = -s * ((low + high) / 2 - centre);
    const least = inset - centre - s * (low - centre);
    const most = size - inset - centre - s * (high - centre);
    if (least > most) return null;
    const pixels = Math.min(most, Math.max(least, ideal));
    return (pixels / size) * 100;
  }

  /** Photo pixels to box pixels: `contain`, then the framing about the frame's centre. */
  private toBox(rect: Rect): Rect {
    const { scale, translateX, translateY } = this.framing;
    const x = (value: number) =>
      this.centreX +
      (translateX / 100) * this.frame.width +
      scale * (this.offsetX + value * this.fit - this.centreX);
    const y = (value: number) =>
      this.centreY +
      (translateY / 100) * this.frame.height +
      scale * (this.offsetY + value * this.fit - this.centreY);
    return { left: x(rect.left), top: y(rect.top), right: x(rect.right), bottom: y(rect.bottom) };
  }
}
