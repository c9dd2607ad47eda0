import { readFile, writeFile } from 'node:fs/promises';
import type { AiEditingLevel, PhotoEditKind } from '@memoreel/domain';
import { type BackgroundModel, BackgroundRemoval } from './background-removal.js';
import { Enhancement } from './enhancement.js';
import type { PhotoEditing, ProgressReport } from './photo-editing.js';

export interface PhotoEditingOptions {
  /** imgly's model: small (quantised ISNet) or medium (fp16). */
  backgroundModel?: BackgroundModel;
  /** Photos up to this many pixels are enlarged by the model; larger ones by Lanczos (decision 0017). */
  enhanceModelMaxPixels?: number;
}

export const DEFAULT_BACKGROUND_MODEL: BackgroundModel = 'medium';
export const DEFAULT_ENHANCE_MODEL_MAX_PIXELS = 512 * 512;

/** The models in this process, each loaded on its first use and kept. */
export class InProcessEditing implements PhotoEditing {
  private readonly backgroundRemoval: BackgroundRemoval;
  private readonly enhancement: Enhancement;

  constructor(options: PhotoEditingOptions = {}) {
    this.backgroundRemoval = new BackgroundRemoval(options.backgroundModel ?? DEFAULT_BACKGROUND_MODEL);
    this.enhancement = new Enhancement(options.enhanceModelMaxPixels ?? DEFAULT_ENHANCE_MODEL_MAX_PIXELS);
  }

  /** Loads both models now, so the first photo of each kind pays no start-up. */
  async warmUp(): Promise<void> {
    await this.backgroundRemoval.load();
    await this.enhancement.load();
  }

  async edit(
    kind: PhotoEditKind,
    inputPath: string,
    outputPath: string,
    progress: ProgressReport,
    level: AiEditingLevel,
  ) {
    const photo = await readFile(inputPath);
    const started = performance.now();
    const result =
      kind === 'remove-background'
        ? await this.backgroundRemoval.run(photo, progress, level)
        : await this.enhancement.run(photo, progress, level);
    const inferenceMs = Math.round(performance.now() - started);
    await writeFile(outputPath, result.png);
    return { width: result.width, height: result.height, inferenceMs };
  }

  async close(): Promise<void> {
    await this.enhancement.close();
  }
}
