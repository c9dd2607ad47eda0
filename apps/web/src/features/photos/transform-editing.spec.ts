import { IDENTITY_TRANSFORM } from '@memoreel/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  draggedTo,
  nudged,
  rotatedTo,
  TransformSaveScheduler,
  wheelZoomed,
  zoomedTo,
} from './transform-editing';

const FRAME = { width: 800, height: 450 };

describe('dragging the photo (spec §4, §5)', () => {
  it('moves by the share of the frame the pointer travelled', () => {
    expect(draggedTo(IDENTITY_TRANSFORM, { x: 80, y: -90 }, FRAME)).toMatchObject({
      translateX: 10,
      translateY: -20,
    });
  });

  it('snaps to the centre within 3 % and stops at ±50 %', () => {
    expect(draggedTo(IDENTITY_TRANSFORM, { x: 16, y: -13 }, FRAME)).toMatchObject({
      translateX: 0,
      translateY: 0,
    });
    expect(draggedTo(IDENTITY_TRANSFORM, { x: 2000, y: -2000 }, FRAME)).toMatchObject({
      translateX: 50,
      translateY: -50,
    });
  });

  it('counts from where the drag began, so a slow drag leaves the centre', () => {
    const start = { ...IDENTITY_TRANSFORM };
    const steps = [4, 8, 16, 32].map((x) => draggedTo(start, { x, y: 0 }, FRAME).translateX);
    expect(steps).toEqual([0, 0, 0, 4]);
  });

  it('nudges by keyboard, stepping out of the snap zone', () => {
    expect(nudged(IDENTITY_TRANSFORM, 'ArrowRight', false)?.translateX).toBe(3);
    expect(nudged({ ...IDENTITY_TRANSFORM, translateX: 10 }, 'ArrowLeft', true)?.translateX).toBe(5);
    expect(nudged({ ...IDENTITY_TRANSFORM, translateY: 3 }, 'ArrowUp', false)?.translateY).toBe(0);
    expect(nudged(IDENTITY_TRANSFORM, 'Enter', false)).toBeNull();
  });
});

describe('zoom and rotation (spec §5)', () => {
  it('zooms 0.001 per wheel unit within 1–4', () => {
    expect(wheelZoomed(IDENTITY_TRANSFORM, -500).scale).toBe(1.5);
    expect(wheelZoomed(IDENTITY_TRANSFORM, 300).scale).toBe(1);
    expect(wheelZoomed({ ...IDENTITY_TRANSFORM, scale: 3.9 }, -1000).scale).toBe(4);
  });

  it('keeps slider values on their steps', () => {
    expect(zoomedTo(IDENTITY_TRANSFORM, 2.345).scale).toBe(2.3);
    expect(zoomedTo(IDENTITY_TRANSFORM, 9).scale).toBe(4);
    expect(rotatedTo(IDENTITY_TRANSFORM, 45.6).rotate).toBe(46);
    expect(rotatedTo(IDENTITY_TRANSFORM, -400).rotate).toBe(-180);
  });
});

/** A scheduler of numbered edits, and the save it calls. */
function newSaver() {
  const save = vi.fn();
  return { save, saver: new TransformSaveScheduler<number>(save) };
}

/** Nothing is saved until `ms` have passed, then `edit` is, once. */
function expectSavedAfter(save: ReturnType<typeof vi.fn>, ms: number, edit: number) {
  vi.advanceTimersByTime(ms - 1);
  expect(save).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1);
  expect(save).toHaveBeenCalledExactlyOnceWith(edit);
}

describe('saving motion edits (spec §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves the latest edit after 500 ms of quiet', () => {
    const { save, saver } = newSaver();
    saver.change(1);
    vi.advanceTimersByTime(400);
    saver.change(2);
    expectSavedAfter(save, 500, 2);
  });

  it('waits while an interaction lasts, then saves 100 ms after it ends', () => {
    const { save, saver } = newSaver();
    saver.beginInteraction();
    saver.change(1);
    saver.change(2);
    vi.advanceTimersByTime(5_000);
    expect(save).not.toHaveBeenCalled();
    saver.endInteraction();
    expectSavedAfter(save, 100, 2);
  });

  it('stops a save already counting down when an interaction begins', () => {
    const { save, saver } = newSaver();
    saver.change(1);
    vi.advanceTimersByTime(300);
    saver.beginInteraction();
    vi.advanceTimersByTime(1_000);
    expect(save).not.toHaveBeenCalled();
    saver.endInteraction();
    vi.advanceTimersByTime(100);
    expect(save).toHaveBeenCalledOnce();
  });

  it('saves at once when flushed (switching keyframe), and only once', () => {
    const { save, saver } = newSaver();
    saver.change(7);
    saver.flush();
    expect(save).toHaveBeenCalledExactlyOnceWith(7);
    vi.advanceTimersByTime(1_000);
    saver.flush();
    expect(save).toHaveBeenCalledOnce();
    expect(saver.hasPending).toBe(false);
  });

  it('hands what is pending to the page-leaving save when flushed with it, and nothing is saved twice', () => {
    const { save, saver } = newSaver();
    const saveOnLeave = vi.fn();
    saver.beginInteraction();
    saver.change(3);
    saver.flush(saveOnLeave);
    expect(saveOnLeave).toHaveBeenCalledExactlyOnceWith(3);
    saver.endInteraction();
    vi.advanceTimersByTime(1_000);
    saver.flush(saveOnLeave);
    expect(save).not.toHaveBeenCalled();
    expect(saveOnLeave).toHaveBeenCalledOnce();
  });
});
