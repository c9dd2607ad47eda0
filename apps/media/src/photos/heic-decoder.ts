import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/**
 * What a HEIC decode may use (docs/decisions/0024-decoding-off-the-event-loop.md): a 50 MP decode
 * peaks near 700 MB, so the child is stopped above 800 MB, and after 30 s on a busy machine.
 */
export const HEIC_DECODE_LIMITS = { memoryBytes: 800 * 1024 * 1024, timeoutMs: 30_000 };

export type HeicDecodeResult =
  | { ok: true; jpeg: Buffer }
  /** The file could not be decoded. */
  | { ok: false; problem: 'damaged' }
  /** The decode was stopped for using too much memory or time. */
  | { ok: false; problem: 'overLimits' };

const require = createRequire(import.meta.url);

/** The child's program (CommonJS): HEIC on stdin, JPEG on stdout; exit 3 when libheif cannot read it. */
const CHILD_SOURCE = `
const convert = require(process.argv[1]);
const chunks = [];
process.stdin.on('data', (chunk) => chunks.push(chunk));
process.stdin.on('end', () => {
  convert({ buffer: Buffer.concat(chunks), format: 'JPEG', quality: 0.92 }).then(
    (jpeg) => process.stdout.write(Buffer.from(jpeg), () => process.exit(0)),
    () => process.exit(3),
  );
});`;

const WATCH_MS = 20;

/**
 * Decodes HEIC/HEIF to JPEG in a child process, one at a time per instance: heic-convert decodes in
 * JavaScript and WebAssembly (sharp's libvips has no HEVC decoder), which would hold this process's
 * event loop for seconds and keep its memory. The child is killed when its resident memory or its
 * time passes the limits; whatever it took goes back to the system with it.
 */
export class HeicDecoder {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly converter = require.resolve('heic-convert');

  constructor(private readonly limits = HEIC_DECODE_LIMITS) {}

  decode(heic: Buffer): Promise<HeicDecodeResult> {
    const turn = this.queue.then(() => this.decodeInChild(heic));
    this.queue = turn.catch(() => undefined);
    return turn;
  }

  private decodeInChild(heic: Buffer): Promise<HeicDecodeResult> {
    const heapMb = Math.max(64, Math.floor(this.limits.memoryBytes / 1024 / 1024 / 2));
    const child = spawn(
      process.execPath,
      [`--max-old-space-size=${heapMb}`, '-e', CHILD_SOURCE, this.converter],
      {
        stdio: ['pipe', 'pipe', 'ignore'],
        env: {},
      },
    );
    return new Promise((resolve, reject) => {
      let overLimits = false;
      const stop = () => {
        overLimits = true;
        child.kill('SIGKILL');
      };
      const deadline = setTimeout(stop, this.limits.timeoutMs);
      const watch = setInterval(() => {
        void residentBytes(child.pid).then((bytes) => {
          if (bytes !== undefined && bytes > this.limits.memoryBytes) stop();
        });
      }, WATCH_MS);
      const chunks: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A child killed early closes its stdin; the write error is the exit's to report.
      child.stdin.on('error', () => {});
      child.stdin.end(heic);
      // The child could not start (no memory or processes left): the caller's upload fails, the service lives.
      child.on('error', (error) => {
        clearTimeout(deadline);
        clearInterval(watch);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(deadline);
        clearInterval(watch);
        if (overLimits || code === null) resolve({ ok: false, problem: 'overLimits' });
        else if (code !== 0 || chunks.length === 0) resolve({ ok: false, problem: 'damaged' });
        else resolve({ ok: true, jpeg: Buffer.concat(chunks) });
      });
    });
  }
}

/** A process's resident memory from /proc (Linux, where the service runs); undefined elsewhere. */
async function residentBytes(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
    return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
  } catch {
    return undefined;
  }
}
