/// <reference lib="webworker" />
// The CSP build: no eval (the page's Content-Security-Policy is script-src 'self').
import { heicTo } from 'heic-to/csp';
import type { HeicJob, HeicJobResult } from './worker-protocol';

declare const self: DedicatedWorkerGlobalScope;

/** HEIC/HEIF photos from phones become a JPEG once, when added; every tool then reads that JPEG. */
self.onmessage = async ({ data: job }: MessageEvent<HeicJob>) => {
  let result: HeicJobResult;
  try {
    const bitmap = await heicTo({ blob: job.source, type: 'bitmap' });
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.95 });
    result = { id: job.id, ok: true, blob, width: bitmap.width, height: bitmap.height };
    bitmap.close();
  } catch (error) {
    console.error('HEIC decoding failed', error);
    result = { id: job.id, ok: false, message: 'This HEIC photo could not be read.' };
  }
  self.postMessage(result);
};
