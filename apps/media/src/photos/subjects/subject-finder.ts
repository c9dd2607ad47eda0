import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PhotoBox } from '@memoreel/domain';

/** What a finder is handed: an upright image as raw pixels, small (faces: ~640 px RGB; saliency: ~256 px RGBA). */
export interface FinderInput {
  faces: { rgb: Buffer; width: number; height: number };
  saliency: { rgba: Buffer; width: number; height: number };
}

/** Faces where there are any; otherwise the most salient region. Boxes in the input's own pixels. */
export type FinderResult = { kind: 'faces' | 'subject'; boxes: PhotoBox[] };

/** A detection that takes longer than this (a stuck WASM call, a starved machine) is given up. */
const FIND_TIMEOUT_MS = 60_000;
/** A face the detector is less sure of than this is left out (SSD MobileNet v1's score, 0–1). */
const MIN_FACE_SCORE = 0.5;
const MAX_FACES = 20;

const require = createRequire(import.meta.url);

/**
 * The worker's program (CommonJS): face-api's SSD MobileNet v1 on tfjs's WASM backend, its weights
 * read from the npm package (nothing downloads), and smartcrop for a photo without a face.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const tf = require(workerData.tfjs);
const wasm = require(workerData.tfjsWasm);
const smartcrop = require(workerData.smartcrop);
const ready = (async () => {
  wasm.setWasmPaths(workerData.wasmDir);
  await tf.setBackend('wasm');
  await tf.ready();
  const faceapi = require(workerData.faceApi);
  await faceapi.nets.ssdMobilenetv1.loadFromDisk(workerData.modelDir);
  return faceapi;
})();
const pixels = {
  open: async (image) => image,
  resample: async (image) => image,
  getData: async (image) => new smartcrop.ImgData(image.width, image.height, image.data),
};
async function find({ faces, saliency }) {
  const faceapi = await ready;
  const tensor = tf.tensor3d(new Uint8Array(faces.rgb), [faces.height, faces.width, 3], 'int32');
  let found;
  try {
    found = await faceapi.detectAllFaces(
      tensor,
      new faceapi.SsdMobilenetv1Options({ minConfidence: workerData.minScore, maxResults: workerData.maxFaces }),
    );
  } finally {
    tensor.dispose();
  }
  if (found.length > 0) {
    return { kind: 'faces', boxes: found.map(({ box }) => ({ x: box.x, y: box.y, width: box.width, height: box.height })) };
  }
  const side = Math.min(saliency.width, saliency.height);
  const { topCrop } = await smartcrop.crop(
    { width: saliency.width, height: saliency.height, data: new Uint8ClampedArray(saliency.rgba) },
    { width: side, height: side, minScale: 0.5, prescale: false, imageOperations: pixels },
  );
  return { kind: 'subject', boxes: [{ x: topCrop.x, y: topCrop.y, width: topCrop.width, height: topCrop.height }] };
}
parentPort.on('message', ({ id, input }) => {
  find(input).then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error && error.stack || error) }),
  );
});
`;

const packageRoot = (name: string) => dirname(require.resolve(`${name}/package.json`));

/**
 * Finds the faces of a photo, or its most salient region where it has none, in a worker thread:
 * WebAssembly inference holds its thread for most of a second, which must never be the service's
 * event loop. One worker per instance, started on first use, one photo at a time; a worker that
 * fails or stalls is ended and the next photo starts a new one.
 */
export class SubjectFinder {
  private worker: Worker | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 0;

  find(input: FinderInput): Promise<FinderResult> {
    const turn = this.queue.then(() => this.findInWorker(input));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  /** Nest ends it with the module. */
  onModuleDestroy(): Promise<void> {
    return this.close();
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private findInWorker(input: FinderInput): Promise<FinderResult> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<FinderResult>((resolve, reject) => {
      const settle = (error?: Error, result?: FinderResult) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (error) {
          // Whatever state it is in, it goes; the next photo starts a fresh one.
          if (this.worker === worker) this.worker = undefined;
          void worker.terminate();
          reject(error);
        } else resolve(result as FinderResult);
      };
      const onMessage = (message: { id: number; result?: FinderResult; error?: string }) => {
        if (message.id !== id) return;
        if (message.error) settle(new Error(`subject finder: ${message.error}`));
        else settle(undefined, message.result);
      };
      const onError = (error: Error) => settle(error);
      const onExit = (code: number) => settle(new Error(`subject finder exited with ${code}`));
      const timer = setTimeout(
        () => settle(new Error(`subject finder took over ${FIND_TIMEOUT_MS / 1000} s`)),
        FIND_TIMEOUT_MS,
      );
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage({ id, input });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const wasmDir = `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        tfjs: require.resolve('@tensorflow/tfjs'),
        tfjsWasm: require.resolve('@tensorflow/tfjs-backend-wasm'),
        smartcrop: require.resolve('smartcrop'),
        faceApi: join(packageRoot('@vladmandic/face-api'), 'dist/face-api.node-wasm.js'),
        modelDir: join(packageRoot('@vladmandic/face-api'), 'model'),
        wasmDir,
        minScore: MIN_FACE_SCORE,
        maxFaces: MAX_FACES,
      },
    });
    // Idle, it keeps no process alive; a service's shutdown ends it through close().
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
