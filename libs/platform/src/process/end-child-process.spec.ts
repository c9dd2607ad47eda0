import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { endChildProcess } from './end-child-process.js';

/** A Node child running `code`, once it has said it is ready. */
async function child(code: string) {
  const running = spawn(process.execPath, ['-e', `${code}; process.send('ready')`], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
  });
  await once(running, 'message');
  return running;
}

describe('endChildProcess', () => {
  it('waits for a child that ends on SIGTERM', async () => {
    const running = await child(
      `process.on('SIGTERM', () => setTimeout(() => process.exit(0), 200)); setInterval(() => {}, 1000)`,
    );
    await endChildProcess(running, 5_000);
    expect(running.exitCode).toBe(0);
  });

  it('kills a child whose clean-up never ends, once its grace is over', async () => {
    const running = await child(`process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)`);
    const started = Date.now();
    await endChildProcess(running, 300);
    expect(running.signalCode).toBe('SIGKILL');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it('returns at once for a child that has ended', async () => {
    const running = spawn(process.execPath, ['-e', 'process.exit(3)'], { stdio: 'ignore' });
    await once(running, 'exit');
    await endChildProcess(running, 5_000);
    expect(running.exitCode).toBe(3);
  });
});
