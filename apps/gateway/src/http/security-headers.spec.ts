import type { AddressInfo } from 'node:net';
import { createLogger, InProcessBus } from '@memoreel/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../create-gateway.js';
import { trustProxy } from '../gateway.config.js';
import { contentSecurityPolicy } from './security-headers.js';

const directive = (policy: string, name: string) =>
  policy.split('; ').find((part) => part.startsWith(`${name} `)) ?? '';

describe('content security policy', () => {
  it('lets the SPA connect to its own origin only, not to any ws:/wss: host', () => {
    const connect = directive(contentSecurityPolicy(), 'connect-src');
    expect(connect).toBe("connect-src 'self'");
    expect(connect).not.toMatch(/\bwss?:/);
  });

  it('adds the configured origins (object storage for direct uploads)', () => {
    expect(
      directive(contentSecurityPolicy({ connectSources: ['https://media.example.org'] }), 'connect-src'),
    ).toBe("connect-src 'self' https://media.example.org");
  });

  it('shows and plays media from our origin and the configured storage, and the player its data: clips', () => {
    const policy = contentSecurityPolicy({ connectSources: ['https://media.example.org'] });
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https://media.example.org");
    expect(directive(policy, 'media-src')).toBe("media-src 'self' data: blob: https://media.example.org");
    expect(directive(contentSecurityPolicy(), 'media-src')).toBe("media-src 'self' data: blob:");
  });
});

describe('behind a proxy', () => {
  const closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function gateway(trust: string | number | boolean | undefined) {
    const bus = new InProcessBus({ namespace: `proxy${closers.length}` });
    const app = await createGatewayApp({
      bus,
      logger: createLogger({ service: 'test', level: 'silent' }),
      ...(trust === undefined ? {} : { trustProxy: trust }),
    });
    await app.listen(0, '127.0.0.1');
    closers.push(
      () => bus.close(),
      () => app.close(),
    );
    const { port } = app.getHttpServer().address() as AddressInfo;
    return (headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${port}/health/live`, { headers });
  }

  it('sends HSTS when a trusted proxy says the request came over HTTPS, never over plain HTTP', async () => {
    const get = await gateway(undefined);
    expect((await get()).headers.get('strict-transport-security')).toBeNull();
    expect((await get({ 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('believes no proxy when TRUST_PROXY=false: a forged X-Forwarded-Proto changes nothing', async () => {
    const get = await gateway(trustProxy.parse('false'));
    expect((await get({ 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBeNull();
  });

  it('reads TRUST_PROXY as Express takes it', () => {
    expect(trustProxy.parse(undefined)).toBeUndefined();
    expect(trustProxy.parse('true')).toBe(true);
    expect(trustProxy.parse('2')).toBe(2);
    expect(trustProxy.parse('10.0.0.0/8, loopback')).toBe('10.0.0.0/8, loopback');
  });
});
