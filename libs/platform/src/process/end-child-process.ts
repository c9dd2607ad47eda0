import type { ChildProcess } from 'node:child_process';

/** How long a child process is given to end on SIGTERM before it is killed. */
export const CHILD_GRACE_MS = 10_000;

/**
 * Asks `child` to end (SIGTERM) and waits until it has; one still running after `graceMs` (its own
 * clean-up stuck: a browser that does not close) is killed, so whoever stops it is never held forever.
 */
export function endChildProcess(child: ChildProcess, graceMs = CHILD_GRACE_MS): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
