import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres, runningEmbeddedDatabaseUrl } from '../src/embedded-database.js';

// A postmaster.pid outlives a Postgres that was killed, and its number may be another process's by
// the next start: that process is neither signalled nor taken for the database.
describe('the embedded database’s postmaster.pid, left behind', () => {
  let dir: string;
  let other: ChildProcess;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'memoreel-pid-file-'));
    other = spawn('sleep', ['60'], { stdio: 'ignore' });
  });

  afterAll(async () => {
    other?.kill('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const pidFile = (pid: number) =>
    writeFile(join(dir, 'postmaster.pid'), `${pid}\n${dir}\n1700000000\n54321\n`);

  it('names no running database when its number is another process’s', async () => {
    for (const pid of [other.pid as number, process.pid]) {
      await pidFile(pid);
      expect(await runningEmbeddedDatabaseUrl(dir)).toBeUndefined();
    }
    expect(other.exitCode === null && other.signalCode === null).toBe(true);
  });

  it('names the database while a Postgres holds the number', async () => {
    // The machine's own Postgres (the tests' database) stands in for the embedded one.
    const postgres = (await readdir('/proc')).map(Number).find(isPostgres) as number;
    expect(isPostgres(postgres)).toBe(true);
    await pidFile(postgres);
    expect(await runningEmbeddedDatabaseUrl(dir)).toMatch(/^postgres:\/\/[^@]+@127\.0\.0\.1:54321\//);
  });

  it('takes only a live Postgres for one', () => {
    expect([isPostgres(other.pid as number), isPostgres(process.pid), isPostgres(0), isPostgres(-1)]).toEqual(
      [false, false, false, false],
    );
  });
});
