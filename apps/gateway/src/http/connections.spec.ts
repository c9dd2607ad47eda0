import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger, InProcessBus } from '@memoreel/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../create-gateway.js';
import { KEEP_ALIVE_MS } from './connections.js';

describe('idle connections', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  /** The local port of the connection that carried the answer, and its status. */
  function ask(port: number, agent: Agent): Promise<{ status: number; localPort: number }> {
    return new Promise((resolve, reject) => {
      const request = get({ host: '127.0.0.1', port, path: '/health/live', agent }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, localPort: request.socket?.localPort ?? 0 }),
        );
      });
      request.on('error', reject);
    });
  }

  it('stay open past Node’s 5 s, so a client that sends on one after a pause is answered, not reset', async () => {
    const bus = new InProcessBus({ namespace: 'keepalive' });
    const app = await createGatewayApp({ bus, logger: createLogger({ service: 'test', level: 'silent' }) });
    await app.listen(0, '127.0.0.1');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    closers.push(
      () => bus.close(),
      () => app.close(),
      async () => agent.destroy(),
    );
    const { port } = app.getHttpServer().address() as AddressInfo;
    expect(app.getHttpServer().keepAliveTimeout).toBe(KEEP_ALIVE_MS);

    const first = await ask(port, agent);
    // Longer than Node's default keep-alive: the server would have closed the connection by now.
    await sleep(6_000);
    const second = await ask(port, agent);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.localPort).toBe(first.localPort);
  }, 20_000);
});
