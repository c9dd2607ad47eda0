/** What DecodedImages needs of an ImageBitmap (so tests can use plain objects). */
export interface Decoded {
  readonly width: number;
  readonly height: number;
  close(): void;
}

/**
 * Three 12 MP photos per worker (48 MB each decoded): a visitor who picks a few photos and tries
 * several tools decodes each photo once. Larger batches decode the rest per tool, as before.
 */
export const DECODED_PIXELS_KEPT_PER_WORKER = 36_000_000;

/**
 * A worker's decoded photos, kept between jobs up to a pixel budget. It admits a photo only while there
 * is room and never evicts one for another: a batch larger than the budget, run in order tool after
 * tool, would otherwise throw every photo out just before it is needed again.
 */
export class DecodedImages<Image extends Decoded = ImageBitmap> {
  private readonly kept = new Map<number, Image>();
  private pixels = 0;

  constructor(private readonly budget = DECODED_PIXELS_KEPT_PER_WORKER) {}

  get(fileId: number): Image | undefined {
    return this.kept.get(fileId);
  }

  hasRoomFor(width: number, height: number): boolean {
    return this.pixels + width * height <= this.budget;
  }

  /** Keeps the image if it fits; the caller closes it when this returns false. */
  keep(fileId: number, image: Image): boolean {
    if (this.kept.has(fileId) || !this.hasRoomFor(image.width, image.height)) return false;
    this.kept.set(fileId, image);
    this.pixels += image.width * image.height;
    return true;
  }

  forget(fileId: number): void {
    const image = this.kept.get(fileId);
    if (!image) return;
    this.kept.delete(fileId);
    this.pixels -= image.width * image.height;
    image.close();
  }
}
