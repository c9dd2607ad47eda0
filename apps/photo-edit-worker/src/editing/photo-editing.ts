import type { AiEditingLevel, PhotoEditKind } from '@memoreel/domain';

/** A finished edit: a PNG and its size. */
export interface EditedImage {
  png: Buffer;
  width: number;
  height: number;
}

/** How far an edit is, 0–1 (called often: the caller throttles what it reports). */
export type ProgressReport = (fraction: number) => void;

/**
 * What runs the models: in this process (a photo-edit-worker deployable) or in a child process
 * (standalone, so the models' memory and CPU stay out of the services' process).
 */
export interface PhotoEditing {
  /**
   * Reads `inputPath` (any image sharp reads) and writes the result PNG to `outputPath`, at the
   * project plan's AI editing `level` (decision 0028: result size, upscaler budget).
   */
  edit(
    kind: PhotoEditKind,
    inputPath: string,
    outputPath: string,
    progress: ProgressReport,
    level: AiEditingLevel,
  ): Promise<{ width: number; height: number; inferenceMs: number }>;
  close(): Promise<void>;
}

export const PHOTO_EDITING = Symbol('PHOTO_EDITING');
