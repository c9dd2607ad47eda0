import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TRUSTED_PROXIES } from '../gateway.context.js';
import { clientIpResolver } from './client.js';

const upgrade = (remoteAddress: string, forwardedFor?: string) =>
  ({
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    socket: { remoteAddress },
  }) as unknown as IncomingMessage;

describe('clientIpResolver (graphql-ws upgrades)', () => {
  it('believes X-Forwarded-For only from a trusted proxy, as req.ip does', () => {
    const ipOf = clientIpResolver(DEFAULT_TRUSTED_PROXIES);
    expect(ipOf(upgrade('10.0.0.5', '203.0.113.9'))).toBe('203.0.113.9');
    expect(ipOf(upgrade('198.51.100.7', '203.0.113.9'))).toBe('198.51.100.7');
    expect(ipOf(upgrade('127.0.0.1'))).toBe('127.0.0.1');
    expect(clientIpResolver(false)(upgrade('10.0.0.5', '203.0.113.9'))).toBe('10.0.0.5');
  });
});
