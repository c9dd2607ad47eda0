import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

const CLOSED_DIR = '.closed';

/**
 * The local adapter's record of keys whose PUT URLs are closed (their upload completed or ended):
 * `.closed/<bucket>/<key>` holds until when the record is needed (no URL of the key is valid after
 * it), so a URL still unexpired cannot write the key again.
 */
export class ClosedPutUrls {
  constructor(private readonly root: string) {}

  async close(bucket: string, key: string, until: Date): Promise<void> {
    const marker = this.path(bucket, key);
    await mkdir(dirname(marker), { recursive: true });
    await writeFile(marker, String(until.getTime()));
  }

  async isClosed(bucket: string, key: string): Promise<boolean> {
    return (await this.until(bucket, key)) !== undefined;
  }

  /** Drops the records under `prefix` no URL can need any more. */
  async forgetExpired(bucket: string, prefix: string, now = Date.now()): Promise<void> {
    const bucketDir = join(this.root, CLOSED_DIR, bucket);
    // From the deepest folder the prefix names in full; its last partial segment filters the keys.
    const folder = join(bucketDir, prefix.slice(0, prefix.lastIndexOf('/') + 1));
    let entries: string[];
    try {
      entries = await readdir(folder, { recursive: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const key = relative(bucketDir, join(folder, entry)).split(sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const until = await this.until(bucket, key);
      if (until !== undefined && until < now) await rm(this.path(bucket, key), { force: true });
    }
  }

  private async until(bucket: string, key: string): Promise<number | undefined> {
    try {
      const until = Number(await readFile(this.path(bucket, key), 'utf8'));
      return Number.isFinite(until) ? until : 0;
    } catch {
      return undefined;
    }
  }

  private path(bucket: string, key: string): string {
    return join(this.root, CLOSED_DIR, bucket, key);
  }
}
