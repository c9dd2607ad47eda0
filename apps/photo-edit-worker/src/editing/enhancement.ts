import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type AiEditingLevel, enhancedSize, usesUpscaler } from '@memoreel/domain';
import sharp from 'sharp';
import type { EditedImage, ProgressReport } from './photo-editing.js';

const require = createRequire(import.meta.url);
type Tf = typeof import('@tensorflow/tfjs');
type Tensor3D = import('@tensorflow/tfjs').Tensor3D;
type IOHandler = import('@tensorflow/tfjs').io.IOHandler;

/** What we use of UpscalerJS (its browser UMD build: the `node` one needs tfjs-node, which downloads libtensorflow). */
interface Upscaler {
  getModel(): Promise<unknown>;
  execute(
    input: Tensor3D,
    options: { output: 'tensor'; patchSize: number; padding: number; progress?: (fraction: number) => void },
  ): Promise<Tensor3D>;
  dispose(): Promise<void>;
}
type UpscalerClass = new (options: { model: Record<string, unknown> }) => Upscaler;

/** The root folder of an installed package (its exports hide package.json). */
function packageRoot(entry: string, name: string): string {
  const file = require.resolve(entry);
  const marker = `${sep}node_modules${sep}${name.replaceAll('/', sep)}${sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) throw new Error(`Cannot find the folder of ${name} from ${file}`);
  return file.slice(0, at + marker.length - 1);
}

/** Reads a TensorFlow.js layers model (model.json and its weight shards) from a file:// URL. */
function fileModelRouter() {
  return (url: string | string[]): IOHandler => {
    // A router answers null for URLs it does not read (the type says otherwise).
    if (typeof url !== 'string' || !url.startsWith('file://')) return null as unknown as IOHandler;
    return {
      load: async () => {
        const file = fileURLToPath(url);
        const json = JSON.parse(await readFile(file, 'utf8'));
        const manifest = json.weightsManifest as { paths: string[]; weights: unknown[] }[];
        const shards = await Promise.all(
          manifest.flatMap((group) => group.paths.map((path) => readFile(join(dirname(file), path)))),
        );
        const weights = Buffer.concat(shards);
        return {
          modelTopology: json.modelTopology,
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy,
          weightSpecs: manifest.flatMap((group) => group.weights),
          weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
        } as import('@tensorflow/tfjs').io.ModelArtifacts;
      },
    };
  };
}

/**
 * Enhancement: upscaled 2× (up to the level's long-side cap, `enhancedSize`), then lightly sharpened.
 * Photos within the level's share of `modelMaxPixels` (`usesUpscaler`: ¼ basic, 1× advanced, 4× best)
 * go through the ESRGAN-slim ×2 model (UpscalerJS on the tfjs WASM backend, weights from its npm
 * package); larger ones are resized with Lanczos instead: the model runs at ~0.02–0.03 MP/s on this
 * machine's cores, so a 1 MP photo takes ~40 s (decisions 0017, 0028).
 */
export class Enhancement {
  private upscaler: Promise<{ tf: Tf; upscaler: Upscaler }> | undefined;

  constructor(private readonly modelMaxPixels: number) {}

  async load(): Promise<void> {
    await (await this.model()).upscaler.getModel();
  }

  async run(photo: Buffer, progress: ProgressReport, level: AiEditingLevel): Promise<EditedImage> {
    const { data, info } = await sharp(photo, { limitInputPixels: false })
      .rotate()
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    progress(0.1);
    const target = enhancedSize(info.width, info.height, level);
    let enlarged = sharp(data, { raw: info });
    if (usesUpscaler(info.width * info.height, level, this.modelMaxPixels)) {
      const { tf, upscaler } = await this.model();
      const input = tf.tensor3d(new Int32Array(data), [info.height, info.width, 3], 'int32');
      try {
        const output = await upscaler.execute(input, {
          output: 'tensor',
          patchSize: 64,
          padding: 6,
          progress: (fraction) => progress(0.1 + 0.75 * fraction),
        });
        const [height, width] = output.shape;
        const values = await output.data();
        output.dispose();
        // The model answers floats (or ints): clamp them into bytes.
        const rgb = Buffer.alloc(values.length);
        for (let i = 0; i < values.length; i++)
          rgb[i] = Math.max(0, Math.min(255, Math.round(values[i] ?? 0)));
        enlarged = sharp(rgb, { raw: { width, height, channels: 3 } });
      } finally {
        input.dispose();
      }
    }
    const png = await enlarged
      .resize(target.width, target.height, { fit: 'fill', kernel: 'lanczos3' })
      .sharpen({ sigma: 0.8, m1: 0.5, m2: 1.5 })
      .png({ compressionLevel: 6 })
      .toBuffer();
    progress(0.95);
    return { png, ...target };
  }

  async close(): Promise<void> {
    if (!this.upscaler) return;
    await (await this.upscaler).upscaler.dispose();
    this.upscaler = undefined;
  }

  private model(): Promise<{ tf: Tf; upscaler: Upscaler }> {
    this.upscaler ??= (async () => {
      const tf = require('@tensorflow/tfjs') as Tf;
      const wasm = require('@tensorflow/tfjs-backend-wasm') as typeof import('@tensorflow/tfjs-backend-wasm');
      wasm.setWasmPaths(
        `${dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'))}/`,
      );
      await tf.setBackend('wasm');
      tf.io.registerLoadRouter(fileModelRouter());
      const Upscaler = require(
        join(packageRoot('upscaler/node', 'upscaler'), 'dist/browser/umd/upscaler.min.js'),
      ) as UpscalerClass;
      const definition = require('@upscalerjs/esrgan-slim/2x') as { _internals: { path: string } };
      const root = packageRoot('@upscalerjs/esrgan-slim/2x', '@upscalerjs/esrgan-slim');
      const model = { ...definition, path: pathToFileURL(join(root, definition._internals.path)).href };
      return { tf, upscaler: new Upscaler({ model }) };
    })();
    return this.upscaler;
  }
}
