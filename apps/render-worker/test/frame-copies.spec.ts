import { describe, expect, it } from 'vitest';
import { pageWithScript } from './page-script.js';

type FrameCopier = { copy(frame: VideoFrame): Promise<VideoFrame> };
declare global {
  interface Window {
    FrameCopies: { frameCopier(): FrameCopier };
    copier: FrameCopier;
    /** A VideoFrame of a 64 × 32 canvas filled with `color`, and the canvas. */
    frameOf(color: string, timestamp?: number): { canvas: OffscreenCanvas; frame: VideoFrame };
    rgbaOf(frame: VideoFrame): Promise<number[]>;
  }
}

// What the render page hands the encoder instead of the frame Remotion's web renderer made from its
// canvas, in the Chromium the workers run.
describe('the render page’s frames, copied out of their canvas', () => {
  const page = pageWithScript('frame-copies.ts', 'FrameCopies', () => {
    window.copier = window.FrameCopies.frameCopier();
    window.frameOf = (color, timestamp = 0) => {
      const canvas = new OffscreenCanvas(64, 32);
      const context = canvas.getContext('2d')!;
      // A gradient, so a copy with rows or channels out of place differs.
      const gradient = context.createLinearGradient(0, 0, 64, 32);
      gradient.addColorStop(0, color);
      gradient.addColorStop(1, 'rgb(20, 200, 90)');
      context.fillStyle = gradient;
      context.fillRect(0, 0, 64, 32);
      return { canvas, frame: new VideoFrame(canvas, { timestamp }) };
    };
    window.rgbaOf = async (frame) => {
      const pixels = new Uint8Array(64 * 32 * 4);
      await frame.copyTo(pixels, { format: 'RGBA' });
      return [...pixels];
    };
  });

  it('has the frame’s pixels, size, time and colours', async () => {
    const { original, copy } = await page().evaluate(async () => {
      const { frame } = window.frameOf('rgb(230, 40, 10)');
      const timed = new VideoFrame(frame, { timestamp: 1_233_333, duration: 33_333 });
      frame.close();
      const copied = await window.copier.copy(timed);
      const describe = async (f: VideoFrame) => ({
        format: f.format,
        size: [f.codedWidth, f.codedHeight, f.displayWidth, f.displayHeight],
        timestamp: f.timestamp,
        duration: f.duration,
        colorSpace: f.colorSpace.toJSON(),
        rgba: await window.rgbaOf(f),
      });
      return { original: await describe(timed), copy: await describe(copied) };
    });
    expect(copy).toEqual(original);
    expect(copy.size).toEqual([64, 32, 64, 32]);
    expect(copy.timestamp).toBe(1_233_333);
  });

  it('keeps its pixels once the original is closed and its canvas drawn on again', async () => {
    const { before, after } = await page().evaluate(async () => {
      const { canvas, frame } = window.frameOf('rgb(230, 40, 10)');
      const copied = await window.copier.copy(frame);
      const before = await window.rgbaOf(copied);
      frame.close();
      const context = canvas.getContext('2d')!;
      context.fillStyle = 'rgb(0, 0, 255)';
      context.fillRect(0, 0, 64, 32);
      return { before, after: await window.rgbaOf(copied) };
    });
    expect(before.slice(0, 4)).not.toEqual([0, 0, 255, 255]);
    expect(after).toEqual(before);
  });

  it('gives each frame its own pixels, though one buffer copies them all', async () => {
    const { first, firstAgain, second, secondsOwn } = await page().evaluate(async () => {
      const a = window.frameOf('rgb(230, 40, 10)', 0);
      const b = window.frameOf('rgb(10, 40, 230)', 33_333);
      const copiedA = await window.copier.copy(a.frame);
      const first = await window.rgbaOf(copiedA);
      const copiedB = await window.copier.copy(b.frame);
      return {
        first,
        firstAgain: await window.rgbaOf(copiedA),
        second: await window.rgbaOf(copiedB),
        secondsOwn: await window.rgbaOf(b.frame),
      };
    });
    expect(firstAgain).toEqual(first);
    expect(second).toEqual(secondsOwn);
    expect(second).not.toEqual(first);
  });
});
