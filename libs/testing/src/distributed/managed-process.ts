import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';

/** Every process group a launcher started, killed if the test process ends without closing them. */
const running = new Set<ManagedProcess>();
/** Synchronous kills of what a launcher started otherwise (its nats-server). */
const alsoKilled = new Set<() => void>();
const killAll = () => {
  for (const managed of running) managed.killNow();
  for (const kill of alsoKilled) kill();
};

/** Has `kill` run if the process ends or is interrupted before `close`; call the answer to forget it. */
export function killOnExit(kill: () => void): () => void {
  guardExit();
  alsoKilled.add(kill);
  return () => alsoKilled.delete(kill);
}
let guarded = false;
/** Installed with the first process, so merely importing this library changes no signal handling. */
function guardExit(): void {
  if (guarded) return;
  guarded = true;
  process.once('exit', killAll);
  // Interrupted (Ctrl+C, a runner's SIGTERM), 'exit' would not run: the groups go here.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      killAll();
      // Alone, this listener would keep the process alive: end it as the signal would have.
      if (process.listenerCount(signal) === 1) process.exit(signal === 'SIGINT' ? 130 : 143);
    });
}

export interface ProcessSpec {
  /** What the process is called in errors and logs (`media`, `s3`). */
  name: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/**
 * One OS process in its own process group (a kill takes its children, e.g. Chromium, with it, as a
 * crashed pod's would go), with the tail of its output kept for the error that explains a failure.
 */
export class ManagedProcess {
  private child: ChildProcess | undefined;
  private output = '';
  private log = '';

  constructor(readonly spec: ProcessSpec) {}

  get pid(): number | undefined {
    return this.alive() ? this.child?.pid : undefined;
  }

  /** The last 4 KB it wrote (stdout and stderr). */
  get lastOutput(): string {
    return this.output;
  }

  /** Everything it wrote (stdout and stderr) since it last started, up to the last 4 MB: a test reads its log lines. */
  get fullOutput(): string {
    return this.log;
  }

  alive(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    if (this.alive()) throw new Error(`${this.spec.name} is already running`);
    this.output = '';
    this.log = '';
    const child = spawn(process.execPath, this.spec.args, {
      cwd: this.spec.cwd,
      env: this.spec.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      this.output = (this.output + text).slice(-4_096);
      this.log = (this.log + text).slice(-4 * 1024 * 1024);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    // A launcher's own (s3) child serves until its stdin closes; the others never read it.
    child.stdin?.on('error', () => undefined);
    this.child = child;
    guardExit();
    running.add(this);
    child.once('exit', () => running.delete(this));
  }

  /** The first line it prints, parsed as JSON (a child that announces its address). */
  async firstJsonLine<T>(timeoutMs = 30_000): Promise<T> {
    const child = this.child;
    if (!child?.stdout) throw new Error(`${this.spec.name} is not running`);
    let text = '';
    const line = new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const end = text.indexOf('\n');
        if (end >= 0) resolve(text.slice(0, end));
      });
      child.once('exit', (code) => reject(new Error(`${this.spec.name} exited (${code}): ${this.output}`)));
      setTimeout(() => reject(new Error(`${this.spec.name} said nothing in ${timeoutMs} ms`)), timeoutMs);
    });
    return JSON.parse(await line) as T;
  }

  /** Sends `signal` to its whole group and waits until the process has exited. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.alive()) return;
    const exited = once(child, 'exit');
    try {
      process.kill(-(child.pid as number), signal);
    } catch {
      // The group is gone already.
    }
    await exited;
  }

  /** SIGTERM (a graceful shutdown), then SIGKILL after `graceMs`; the group's stragglers too. */
  async stop(graceMs = 10_000): Promise<void> {
    const child = this.child;
    if (child && this.alive()) {
      const exited = once(child, 'exit');
      child.stdin?.end();
      process.kill(-(child.pid as number), 'SIGTERM');
      const timer = new Promise((resolve) => setTimeout(resolve, graceMs));
      await Promise.race([exited, timer]);
    }
    if (this.alive()) await this.kill('SIGKILL');
    this.killNow();
  }

  /** Synchronous SIGKILL of the group (process exit, or what a stopped leader left behind). */
  killNow(): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // No such group: nothing left.
    }
  }

  /** Resident memory of the process itself (VmRSS), in bytes; undefined when it is not running. */
  rssBytes(): number | undefined {
    const pid = this.pid;
    if (pid === undefined) return undefined;
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
      return kb === undefined ? undefined : Number(kb) * 1024;
    } catch {
      return undefined;
    }
  }
}

/** Polls `check` until it holds; fails after `timeoutMs`, or at once if `watched` has exited meanwhile. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  watched?: ManagedProcess,
): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (await check().catch(() => false)) return;
    if (watched && !watched.alive())
      throw new Error(`${watched.spec.name} exited while waiting for ${what}:\n${watched.lastOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const output = watched ? `; its last output:\n${watched.lastOutput}` : '';
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${output}`);
}

/** Whether a GET answers 200; `lastAnswers` keeps what each URL said last, for the error that explains a wait. */
export async function answers200(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    lastAnswers.set(url, `${response.status} ${(await response.text()).slice(0, 300)}`);
    return response.status === 200;
  } catch (error) {
    lastAnswers.set(url, String(error));
    return false;
  }
}
export const lastAnswers = new Map<string, string>();
