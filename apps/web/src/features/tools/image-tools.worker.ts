/// <reference lib="webworker" />
import { canvasFiltersWork, runTool } from './run-tool';
import { PROCESSING_FAILED, type ToolJob, type ToolJobResult } from './worker-protocol';

declare const self: DedicatedWorkerGlobalScope;

const defaultStrategy = canvasFiltersWork() ? 'filter' : 'pixels';

self.onmessage = async ({ data: job }: MessageEvent<ToolJob>) => {
  const started = performance.now();
  let bitmap: ImageBitmap | undefined;
  let result: ToolJobResult;
  try {
    bitmap = await createImageBitmap(job.source);
    const decodeMilliseconds = performance.now() - started;
    // A JPEG has no transparency, so there is nothing to put white under.
    const opaque = job.source.type === 'image/jpeg';
    const output = await runTool(bitmap, job.tool, { strategy: job.strategy ?? defaultStrategy, opaque });
    result = {
      id: job.id,
      ok: true,
      ...output,
      decodeMilliseconds,
      milliseconds: performance.now() - started,
    };
  } catch (error) {
    console.error('Image tool failed', error);
    result = { id: job.id, ok: false, message: PROCESSING_FAILED };
  } finally {
    bitmap?.close();
  }
  self.postMessage(result);
};
