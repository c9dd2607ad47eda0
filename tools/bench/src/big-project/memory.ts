/**
 * Peak resident memory of every process under a few roots (the standalone server with its render
 * and photo-edit children and their Chromium; the bench's own Chromium), sampled from /proc: VmHWM
 * is the kernel's own peak of each process over its life, VmRSS what it holds at the sample.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface Seen {
  root: string;
  name: string;
  /** The highest VmHWM read (the process's lifetime peak, as of its last sample). */
  peakKb: number;
  /** The highest VmRSS read while a window was open (`startWindow`). */
  windowPeakKb: number;
}

const kbOf = (status: string, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);

/** What a process is, from its command line: the node script, Chromium's process type, or the program. */
function nameOf(pid: number): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    // Chromium's children rewrite their command line into one string: their --type is in it.
    const type = /--type=([\w-]+)/.exec(args.join(' '))?.[1];
    if (type) return `chromium ${type}`;
    const program = basename(args[0] ?? '?');
    if (program.startsWith('chrom')) return 'chromium browser';
    if (program === 'node') {
      const script = args.slice(1).find((arg) => /\.(m?[jt]s)$/.test(arg) && !arg.includes('register'));
      // The last three parts of its path: `dist/jobs/renderer-child.js`, not every package's `index.js`.
      return script ? `node ${script.split('/').slice(-3).join('/')}` : 'node';
    }
    return program;
  } catch {
    return '?';
  }
}

/** The name, or the kernel's short one (`comm`) when the command line could not be read (a process ending). */
function nameOrCommOf(pid: number): string {
  const name = nameOf(pid);
  if (name !== '?') return name;
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '?';
  }
}

export class ProcessMemory {
  private readonly seen = new Map<number, Seen>();
  private windowOpen = false;
  private timer: ReturnType<typeof setInterval> | undefined;

  /** `roots`: a name for each process tree, and its leader's pid (read again at every sample). */
  constructor(private readonly roots: Record<string, () => number | undefined>) {}

  start(everyMs = 500): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
  }

  stop(): void {
    this.sample();
    clearInterval(this.timer);
  }

  /** From now, VmRSS is also kept per process as the window's peak (the render's). */
  startWindow(): void {
    this.sample();
    this.windowOpen = true;
  }

  endWindow(): void {
    this.sample();
    this.windowOpen = false;
  }

  sample(): void {
    const parents = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // Gone while we listed.
      }
    }
    const leaders = new Map<number, string>();
    for (const [root, pidOf] of Object.entries(this.roots)) {
      const pid = pidOf();
      if (pid !== undefined) leaders.set(pid, root);
    }
    const rootOf = (pid: number): string | undefined => {
      for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) {
        const root = leaders.get(at);
        if (root) return root;
      }
      return undefined;
    };
    for (const pid of parents.keys()) {
      const root = rootOf(pid);
      if (!root) continue;
      let status: string;
      try {
        status = readFileSync(`/proc/${pid}/status`, 'utf8');
      } catch {
        continue;
      }
      const seen = this.seen.get(pid) ?? { root, name: nameOrCommOf(pid), peakKb: 0, windowPeakKb: 0 };
      seen.peakKb = Math.max(seen.peakKb, kbOf(status, 'VmHWM'));
      if (this.windowOpen) seen.windowPeakKb = Math.max(seen.windowPeakKb, kbOf(status, 'VmRSS'));
      this.seen.set(pid, seen);
    }
  }

  /** Every process seen, largest peak first (the `most` largest), and the largest of each root. */
  report(most = 12) {
    const mib = (kb: number) => Math.round(kb / 1024);
    const all = [...this.seen.entries()]
      .map(([pid, seen]) => ({
        root: seen.root,
        process: seen.name,
        pid,
        peakRssMiB: mib(seen.peakKb),
        renderPeakRssMiB: mib(seen.windowPeakKb),
      }))
      .sort((a, b) => b.peakRssMiB - a.peakRssMiB);
    const largest = Object.fromEntries(
      Object.keys(this.roots).map((root) => [
        root,
        Math.max(0, ...all.filter((entry) => entry.root === root).map((entry) => entry.peakRssMiB)),
      ]),
    );
    return { processesSeen: all.length, largestPeakRssMiB: largest, processes: all.slice(0, most) };
  }
}
