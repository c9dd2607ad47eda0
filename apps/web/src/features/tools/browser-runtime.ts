import { type Dimensions, type ToolsRuntime, UNREADABLE_IMAGE } from './tools-session';
import { crashedJob, WorkerPool } from './worker-pool';
import type {
  DecodeAheadResult,
  ForgetFile,
  HeicJob,
  HeicJobResult,
  ToolJobResult,
  ToolsWorkerJob,
} from './worker-protocol';

/**
 * Two workers where there are two cores: in tools/bench a batch of 12 MP photos took 178 ms a photo
 * against 316 ms with one worker, and the page still never stalled for more than ~20 ms. Not more:
 * a 4x upscale of a 12 MP photo holds ~1 GB while it is encoded.
 */
function poolSize(): number {
  return (navigator.hardwareConcurrency || 2) >= 2 ? 2 : 1;
}

function measure(url: string): Promise<Dimensions> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error(UNREADABLE_IMAGE));
    image.src = url;
  });
}

export interface BrowserRuntime extends ToolsRuntime {
  dispose(): void;
}

/**
 * The tools' workers, started when the page opens so that, once it has loaded, the tools keep working
 * with no network. The HEIC decoder (3 MB of WebAssembly) is started a moment later, when the page is idle.
 */
export function createBrowserRuntime(): BrowserRuntime {
  const tools = new WorkerPool<ToolsWorkerJob, ToolJobResult | DecodeAheadResult>(
    () =>
      new Worker(new URL('./image-tools.worker.ts', import.meta.url), {
        type: 'module',
        name: 'image-tools',
      }),
    poolSize(),
    crashedJob,
    (job) => job.fileId,
  );
  let heic: WorkerPool<HeicJob, HeicJobResult> | null = null;
  const heicPool = () => {
    heic ??= new WorkerPool<HeicJob, HeicJobResult>(
      () => new Worker(new URL('./heic.worker.ts', import.meta.url), { type: 'module', name: 'heic' }),
      1,
      crashedJob,
    );
    return heic;
  };
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1000));
  const cancelIdle = window.cancelIdleCallback ?? window.clearTimeout;
  const warmUp = idle(() => heicPool());
  return {
    runTool: (job) => tools.run(job) as Promise<ToolJobResult>,
    decodeAhead: (job) => {
      void tools.run(job);
    },
    forget: (fileId) => tools.release(fileId, { kind: 'forget', fileId } satisfies ForgetFile),
    convertHeic: (job) => heicPool().run(job),
    measure,
    dispose() {
      cancelIdle(warmUp);
      tools.dispose();
      heic?.dispose();
    },
  };
}
