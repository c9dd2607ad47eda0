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
    const output = await runTool(bitmap, job.tool, job.strategy ?? defaultStrategy);
    result = { id: job.id, ok: true, ...output, milliseconds: performance.now() - started };
  } catch (error) {
    console.error('Image tool failed', error);
    result = { id: job.id, ok: false, message: PROCESSING_FAILED };
  } finally {
    bitmap?.close();
  }
  self.postMessage(result);
};
