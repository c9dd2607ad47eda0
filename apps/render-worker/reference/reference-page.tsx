import { MemoreelStill, type MemoreelVideoProps } from '@memoreel/video';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { REFERENCE_FRAME_FUNCTION } from '../src/reference/reference-page-protocol.js';

/**
 * The reference page: the composition drawn by Chromium itself (DOM, CSS transforms and opacity),
 * one frame at a time, for the worker to screenshot. What Remotion's screenshot renderer does, with
 * none of the web renderer's canvas drawing.
 */
const root = createRoot(document.getElementById('root') as HTMLElement);

async function showFrame(video: MemoreelVideoProps, frame: number): Promise<void> {
  flushSync(() => root.render(<MemoreelStill video={video} frame={frame} />));
  // Every photo decoded, then two animation frames so the compositor has painted them.
  await Promise.all([...document.images].map((image) => image.decode().catch(() => undefined)));
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

Object.assign(window, { [REFERENCE_FRAME_FUNCTION]: showFrame });
