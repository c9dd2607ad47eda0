import { describe, expect, it } from 'vitest';
import { KEPT_CANVASES } from '../page/frame-canvases.js';
import { pageWithScript } from './page-script.js';

type FrameCanvases = { frameDone(): void };
declare global {
  interface Window {
    FrameCanvases: { reuseFrameCanvases(scope: Window): FrameCanvases };
    canvases: FrameCanvases;
  }
}

// The render page's canvas reuse, in the Chromium the workers run: what Remotion's web renderer gets
// from `new OffscreenCanvas(…)` once the page has installed it.
describe('the render page’s canvases, used again from frame to frame', () => {
  const page = pageWithScript('frame-canvases.ts', 'FrameCanvases', () => {
    window.canvases = window.FrameCanvases.reuseFrameCanvases(window);
  });

  it('gives a finished frame’s canvas to the next, cleared, with a new context’s state', async () => {
    const next = await page().evaluate(() => {
      const first = new OffscreenCanvas(64, 32);
      const drawn = first.getContext('2d')!;
      drawn.fillStyle = 'red';
      drawn.fillRect(0, 0, 64, 32);
      drawn.globalAlpha = 0.5;
      drawn.setTransform(2, 0, 0, 2, 10, 10);
      drawn.filter = 'blur(4px)';
      drawn.beginPath();
      drawn.rect(0, 0, 4, 4);
      drawn.clip();
      window.canvases.frameDone();
      const second = new OffscreenCanvas(64, 32);
      const context = second.getContext('2d')!;
      return {
        same: second === first,
        isOffscreenCanvas: second instanceof OffscreenCanvas,
        pixel: [...context.getImageData(40, 20, 1, 1).data],
        globalAlpha: context.globalAlpha,
        identity: context.getTransform().isIdentity,
        filter: context.filter,
        // Unclipped: a fill reaches the far corner.
        clipped: (() => {
          context.fillStyle = 'blue';
          context.fillRect(0, 0, 64, 32);
          return context.getImageData(60, 30, 1, 1).data[2] !== 255;
        })(),
      };
    });
    expect(next).toEqual({
      same: true,
      isOffscreenCanvas: true,
      pixel: [0, 0, 0, 0],
      globalAlpha: 1,
      identity: true,
      filter: 'none',
      clipped: false,
    });
  });

  it('keeps what a VideoFrame took from a canvas when the canvas is drawn on again', async () => {
    const pixel = await page().evaluate(async () => {
      const canvas = new OffscreenCanvas(16, 16);
      const context = canvas.getContext('2d')!;
      context.fillStyle = 'rgb(255, 0, 0)';
      context.fillRect(0, 0, 16, 16);
      const frame = new VideoFrame(canvas, { timestamp: 0 });
      window.canvases.frameDone();
      const again = new OffscreenCanvas(16, 16);
      again.getContext('2d')!.fillStyle = 'rgb(0, 0, 255)';
      again.getContext('2d')!.fillRect(0, 0, 16, 16);
      const pixels = new Uint8Array(16 * 16 * 4);
      await frame.copyTo(pixels, { format: 'RGBA' });
      frame.close();
      return { reused: again === canvas, rgba: [...pixels.slice(0, 4)] };
    });
    expect(pixel).toEqual({ reused: true, rgba: [255, 0, 0, 255] });
  });

  it('never gives out a canvas the frame being composed still uses, nor one of another size', async () => {
    const result = await page().evaluate(() => {
      const a = new OffscreenCanvas(64, 32);
      const b = new OffscreenCanvas(64, 32);
      window.canvases.frameDone();
      const other = new OffscreenCanvas(32, 64);
      const c = new OffscreenCanvas(64, 32);
      const d = new OffscreenCanvas(64, 32);
      const e = new OffscreenCanvas(64, 32);
      return {
        distinctInAFrame: a !== b && c !== d,
        otherSizeIsNew: other !== a && other !== b,
        reused: [c, d].every((canvas) => canvas === a || canvas === b),
        thirdIsNew: e !== a && e !== b,
      };
    });
    expect(result).toEqual({ distinctInAFrame: true, otherSizeIsNew: true, reused: true, thirdIsNew: true });
  });

  it('keeps a canvas with a WebGL context out (the renderer’s helper keeps one across frames)', async () => {
    const result = await page().evaluate(() => {
      const helper = new OffscreenCanvas(64, 32);
      const gl = helper.getContext('webgl');
      window.canvases.frameDone();
      const next = new OffscreenCanvas(64, 32);
      return { hadWebGl: gl !== null, reused: next === helper, drawable: next.getContext('2d') !== null };
    });
    expect(result).toEqual({ hadWebGl: true, reused: false, drawable: true });
  });

  it('keeps only a few canvases between frames, whatever a frame made', async () => {
    const reused = await page().evaluate(() => {
      const made = Array.from({ length: 20 }, () => new OffscreenCanvas(64, 32));
      window.canvases.frameDone();
      const next = Array.from({ length: 20 }, () => new OffscreenCanvas(64, 32));
      return next.filter((canvas) => made.includes(canvas)).length;
    });
    expect(reused).toBe(KEPT_CANVASES);
  });
});
