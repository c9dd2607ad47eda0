import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

/** The shared broker tests use unless they start their own. */
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

/** A bus namespace no other test file uses: `t_1a2b3c4d`. */
export function uniqueNamespace(prefix = 't'): string {
  return `${prefix}_${randomUUID().slice(0, 8)}`;
}

/** Deletes the JetStream streams of a bus namespace (`${NS}_EVENTS`, `_JOBS`, `_DEAD`). */
export async function deleteNamespaceStreams(namespace: string, servers = NATS_URL): Promise<void> {
  const connection = await connect({ servers });
  try {
    const jsm = await jetstreamManager(connection);
    const prefix = `${namespace.toUpperCase()}_`;
    for await (const name of jsm.streams.names()) {
      if (name.startsWith(prefix)) await jsm.streams.delete(name);
    }
  } finally {
    await connection.close();
  }
}

export interface NatsServer {
  url: string;
  port: number;
  storeDir: string;
  /** Kills the server; its JetStream store stays for `restart()`. */
  stop(): Promise<void>;
  /** Starts it again on the same port and store. */
  restart(): Promise<void>;
  /** Stops it and deletes the store if this launcher created it. */
  dispose(): Promise<void>;
  /** The server's process id while it runs. */
  pid(): number | undefined;
}

export interface NatsServerOptions {
  port?: number;
  storeDir?: string;
  /**
   * nats-server configuration text (e.g. `natsServerConfig()`'s users and permissions), written to
   * a file the server reads with `-c`; the port, JetStream and store still come from the launcher.
   */
  config?: string;
}

/** Starts a private nats-server with JetStream on loopback (for outage tests: it can be stopped and restarted). */
export async function startNatsServer(options: NatsServerOptions = {}): Promise<NatsServer> {
  const port = options.port ?? (await freePort());
  const storeDir = options.storeDir ?? (await mkdtemp(join(tmpdir(), 'nats-store-')));
  const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir];
  if (options.config !== undefined) {
    // Beside the store, not in it: JetStream owns the store's contents.
    const configFile = `${storeDir}.conf`;
    await writeFile(configFile, options.config, { mode: 0o600 });
    args.unshift('-c', configFile);
  }
  let child: ChildProcess | undefined;

  const start = async () => {
    const started = spawn(NATS_SERVER_BIN, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    // The server logs to stderr; keep its last words for a start that fails (a bad configuration).
    let lastLog = '';
    started.stderr?.on('data', (chunk: Buffer) => {
      lastLog = (lastLog + chunk.toString()).slice(-2_000);
    });
    child = started;
    await waitForPort(port, started, () => lastLog);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    storeDir,
    stop,
    restart: async () => {
      await stop();
      await start();
    },
    pid: () => (child && child.exitCode === null ? child.pid : undefined),
    dispose: async () => {
      await stop();
      if (!options.storeDir) await rm(storeDir, { recursive: true, force: true });
      if (options.config !== undefined) await rm(`${storeDir}.conf`, { force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('Could not pick a free port');
  return address.port;
}

async function waitForPort(
  port: number,
  child: ChildProcess,
  lastLog: () => string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`nats-server exited with code ${child.exitCode}: ${lastLog()}`);
    }
    if (await accepts(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nats-server did not listen on ${port} within ${timeoutMs} ms`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });
}
