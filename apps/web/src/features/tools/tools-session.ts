import { isHeicFile } from './accepted-files';
import { sizeSavings } from './format';
import { sizeProblem } from './pixel-maths';
import { type ToolId, toolById } from './tool-catalogue';
import type { DecodeAheadJob, HeicJob, HeicJobResult, ToolJob, ToolJobResult } from './worker-protocol';

/** Spec §3 "file item": one selected image. */
export interface FileItem {
  id: number;
  name: string;
  /** The file as chosen, in bytes. */
  size: number;
  width: number;
  height: number;
  previewUrl: string;
  /** What the tools read: the file itself, or the JPEG a HEIC photo was turned into. */
  source: Blob;
}

export interface Dimensions {
  width: number;
  height: number;
}

/** Spec §3 "processed image item". */
export interface ProcessedItem {
  id: number;
  fileName: string;
  /** Suggested name for the download. */
  downloadName: string;
  tool: ToolId;
  originalUrl: string;
  processedUrl: string;
  processed: Blob;
  /** Milliseconds from decoding to the encoded file. */
  processingTime: number;
  dimensions: { before: Dimensions; after: Dimensions };
  stats: { originalSize: number; newSize: number; savings: number | null };
}

export interface FailedItem {
  id: number;
  fileName: string;
  tool: ToolId;
  message: string;
}

/** Spec §4 "Image tools": processing.active, message, processedCount / totalCount. */
export interface Processing {
  active: boolean;
  message: string;
  processedCount: number;
  totalCount: number;
}

export interface RefusedFile {
  name: string;
  message: string;
}

export interface ToolsState {
  files: FileItem[];
  results: ProcessedItem[];
  failures: FailedItem[];
  refused: RefusedFile[];
  /** HEIC photos being converted and images being measured. */
  preparing: number;
  processing: Processing;
}

export interface ToolsRuntime {
  runTool(job: ToolJob): Promise<ToolJobResult>;
  /** Decodes a picked file in a worker while the visitor chooses a tool (the first tool then skips it). */
  decodeAhead(job: DecodeAheadJob): void;
  /** The file is gone: workers drop its decoded pixels. */
  forget(fileId: number): void;
  convertHeic(job: HeicJob): Promise<HeicJobResult>;
  /** Natural size of an image URL (respecting EXIF orientation, as the decoder in the worker does). */
  measure(url: string): Promise<Dimensions>;
}

const IDLE: Processing = { active: false, message: '', processedCount: 0, totalCount: 0 };

export const UNREADABLE_IMAGE = 'This image could not be read.';

export function processingMessage(toolName: string, processedCount: number, totalCount: number): string {
  if (processedCount >= totalCount) return `Finishing ${toolName}…`;
  return `Applying ${toolName} to image ${processedCount + 1} of ${totalCount}…`;
}

function downloadName(fileName: string, tool: ToolId): string {
  const base = fileName.replace(/\.[^.]+$/, '') || 'image';
  return `${base}-${tool}.jpg`;
}

/**
 * The tools page's state outside React (read with useSyncExternalStore): selected files, results and
 * the run in progress. It owns every object URL it creates and revokes each one when its item goes,
 * so repeated runs do not pile up decoded images in memory.
 */
export class ToolsSession {
  private state: ToolsState = {
    files: [],
    results: [],
    failures: [],
    refused: [],
    preparing: 0,
    processing: IDLE,
  };
  private readonly listeners = new Set<() => void>();
  private nextId = 1;
  private disposed = false;

  constructor(private readonly runtime: ToolsRuntime) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): ToolsState => this.state;

  private update(change: Partial<ToolsState>): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** Files the dropzone accepted, plus those it refused (with the reason to show). */
  async addFiles(files: readonly File[], refused: readonly RefusedFile[] = []): Promise<void> {
    this.update({ refused: [...refused], preparing: this.state.preparing + files.length });
    await Promise.all(files.map((file) => this.addFile(file)));
  }

  private async addFile(file: File): Promise<void> {
    let source: Blob = file;
    let previewUrl: string | null = null;
    try {
      if (isHeicFile(file)) {
        const converted = await this.runtime.convertHeic({ id: this.nextId++, source: file });
        if (!converted.ok) throw new Error(converted.message);
        source = converted.blob;
      }
      previewUrl = URL.createObjectURL(source);
      const { width, height } = await this.runtime.measure(previewUrl);
      if (this.disposed) {
        URL.revokeObjectURL(previewUrl);
        return;
      }
      const item: FileItem = {
        id: this.nextId++,
        name: file.name,
        size: file.size,
        width,
        height,
        previewUrl,
        source,
      };
      this.update({ files: [...this.state.files, item], preparing: this.state.preparing - 1 });
      this.runtime.decodeAhead({
        kind: 'decode-ahead',
        id: this.nextId++,
        fileId: item.id,
        source,
        width,
        height,
      });
    } catch (error) {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
      const message = error instanceof Error && error.message ? error.message : UNREADABLE_IMAGE;
      this.update({
        refused: [...this.state.refused, { name: file.name, message }],
        preparing: this.state.preparing - 1,
      });
    }
  }

  removeFile(id: number): void {
    const item = this.state.files.find((file) => file.id === id);
    if (!item) return;
    URL.revokeObjectURL(item.previewUrl);
    this.runtime.forget(item.id);
    this.update({ files: this.state.files.filter((file) => file !== item) });
  }

  clearFiles(): void {
    for (const file of this.state.files) {
      URL.revokeObjectURL(file.previewUrl);
      this.runtime.forget(file.id);
    }
    this.update({ files: [], refused: [] });
  }

  clearResults(): void {
    for (const result of this.state.results) {
      URL.revokeObjectURL(result.originalUrl);
      URL.revokeObjectURL(result.processedUrl);
    }
    this.update({ results: [], failures: [] });
  }

  dismissRefused(): void {
    this.update({ refused: [] });
  }

  /** Runs one tool over every selected file; results arrive one by one. Ignored while a run is active. */
  async run(toolId: ToolId): Promise<void> {
    if (this.state.processing.active || this.state.files.length === 0) return;
    const tool = toolById(toolId);
    const files = this.state.files;
    const totalCount = files.length;
    let processedCount = 0;
    this.update({
      processing: {
        active: true,
        message: processingMessage(tool.name, 0, totalCount),
        processedCount,
        totalCount,
      },
    });
    await Promise.all(
      files.map(async (file) => {
        const outcome = await this.processOne(file, toolId);
        processedCount++;
        if (this.disposed) {
          if ('processedUrl' in outcome) {
            URL.revokeObjectURL(outcome.originalUrl);
            URL.revokeObjectURL(outcome.processedUrl);
          }
          return;
        }
        const change: Partial<ToolsState> =
          'message' in outcome
            ? { failures: [...this.state.failures, outcome] }
            : { results: [...this.state.results, outcome] };
        this.update({
          ...change,
          processing: {
            active: true,
            message: processingMessage(tool.name, processedCount, totalCount),
            processedCount,
            totalCount,
          },
        });
      }),
    );
    this.update({ processing: { ...IDLE, processedCount, totalCount } });
  }

  private async processOne(file: FileItem, tool: ToolId): Promise<ProcessedItem | FailedItem> {
    const id = this.nextId++;
    const tooLarge = sizeProblem(tool, file.width, file.height);
    if (tooLarge) return { id, fileName: file.name, tool, message: tooLarge };
    const result = await this.runtime.runTool({
      kind: 'tool',
      id,
      tool,
      source: file.source,
      fileId: file.id,
    });
    if (!result.ok) return { id, fileName: file.name, tool, message: result.message };
    const originalSize = file.size;
    const newSize = result.blob.size;
    return {
      id,
      fileName: file.name,
      downloadName: downloadName(file.name, tool),
      tool,
      originalUrl: URL.createObjectURL(file.source),
      processedUrl: URL.createObjectURL(result.blob),
      processed: result.blob,
      processingTime: result.milliseconds,
      dimensions: {
        before: { width: file.width, height: file.height },
        after: { width: result.width, height: result.height },
      },
      stats: { originalSize, newSize, savings: sizeSavings(originalSize, newSize) },
    };
  }

  /** Leaving the page: every URL goes, and late results are dropped. */
  dispose(): void {
    this.clearFiles();
    this.clearResults();
    this.disposed = true;
    this.listeners.clear();
  }
}
