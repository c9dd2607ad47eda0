/** How long after the last verification ended image jobs still wait (the next batch's complete is near). */
export const QUIET_MS = 250;
/** Image jobs never wait longer than this, however many uploads keep coming. */
export const MAX_WAIT_MS = 5_000;
const POLL_MS = 25;

/**
 * Uploads before thumbnails, on one instance: while it verifies uploads, its image jobs (a whole decode
 * and five encodes each) wait, so a browser's upload, the part a closed tab would lose, is done
 * first; the thumbnails follow within moments (decision 0023). Jobs wait at most MAX_WAIT_MS, so a
 * long run of uploads delays them but never starves them.
 */
export class UploadsFirst {
  private inProgress = 0;
  private lastEndedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number = Date.now) {}

  /** Runs a verification, counted while it runs. */
  async verification<T>(work: () => Promise<T>): Promise<T> {
    this.inProgress += 1;
    try {
      return await work();
    } finally {
      this.inProgress -= 1;
      this.lastEndedAt = this.now();
    }
  }

  /** Resolves once no verification ran for QUIET_MS, or after MAX_WAIT_MS. */
  async quiet(): Promise<void> {
    const deadline = this.now() + MAX_WAIT_MS;
    while (this.busy() && this.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private busy(): boolean {
    return this.inProgress > 0 || this.now() - this.lastEndedAt < QUIET_MS;
  }
}
