/// <reference lib="webworker" />
import { DecodedImages } from './decoded-images';
import { canvasFiltersWork, runTool, strategyFor } from './run-tool';
import { isPixelTool } from './tool-catalogue';
import {
  type DecodeAheadResult,
  type ForgetFile,
  PROCESSING_FAILED,
  type ToolJob,
  type ToolJobResult,
  type ToolsWorkerJob,
} from './worker-protocol';

declare const self: DedicatedWorkerGlobalScope;

const filtersWork = canvasFiltersWork();
const decoded = new DecodedImages();

async function decodeAhead(fileId: number, source: Blob, width: number, height: number): Promise<boolean> {
  if (decoded.get(fileId)) return true;
  if (!decoded.hasRoomFor(width, height)) return false;
  const bitmap = await createImageBitmap(source);
  if (decoded.keep(fileId, bitmap)) return true;
  bitmap.close();
  return false;
}

async function runToolJob(job: ToolJob): Promise<ToolJobResult> {
  const started = performance.now();
  let bitmap = job.fileId === undefined ? undefined : decoded.get(job.fileId);
  let ours = false;
  try {
    if (!bitmap) {
      bitmap = await createImageBitmap(job.source);
      ours = job.fileId === undefined || !decoded.keep(job.fileId, bitmap);
    }
    const decodeMilliseconds = performance.now() - started;
    const strategy = job.strategy ?? (isPixelTool(job.tool) ? strategyFor(job.tool, filtersWork) : 'canvas');
    const output = await runTool(bitmap, job.tool, {
      strategy,
      // A JPEG has no transparency, so there is nothing to put white under.
      opaque: job.source.type === 'image/jpeg',
      profile: job.profile,
      readBack: job.readBack,
    });
    return {
      id: job.id,
      ok: true,
      blob: output.blob ?? new Blob(),
      width: output.width,
      height: output.height,
      pixels: output.pixels,
      paintMilliseconds: output.paintMilliseconds,
      encodeMilliseconds: output.encodeMilliseconds,
      decodeMilliseconds,
      milliseconds: performance.now() - started,
    };
  } catch (error) {
    console.error('Image tool failed', error);
    return { id: job.id, ok: false, message: PROCESSING_FAILED };
  } finally {
    if (ours) bitmap?.close();
  }
}

self.onmessage = async ({ data }: MessageEvent<ToolsWorkerJob | ForgetFile>) => {
  if (data.kind === 'forget') {
    decoded.forget(data.fileId);
    return;
  }
  if (data.kind === 'tool') {
    self.postMessage(await runToolJob(data));
    return;
  }
  let result: DecodeAheadResult;
  try {
    result = {
      id: data.id,
      ok: true,
      kept: await decodeAhead(data.fileId, data.source, data.width, data.height),
    };
  } catch {
    // The tool run will meet the same problem and report it.
    result = { id: data.id, ok: true, kept: false };
  }
  self.postMessage(result);
};
