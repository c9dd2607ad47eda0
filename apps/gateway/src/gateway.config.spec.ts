import { loadConfig } from '@memoreel/platform';
import { describe, expect, it } from 'vitest';
import { gatewayEnvironment } from './gateway.config.js';

describe('gatewayEnvironment: NATS identity', () => {
  const base = { NATS_URL: 'nats://127.0.0.1:4222' };

  it('connects as the gateway, with its password, or anonymously', () => {
    expect(
      loadConfig(gatewayEnvironment, { ...base, NATS_USER: 'gateway', NATS_PASSWORD: 's' }),
    ).toMatchObject({
      NATS_USER: 'gateway',
      NATS_PASSWORD: 's',
    });
    expect(loadConfig(gatewayEnvironment, base).NATS_USER).toBeUndefined();
  });

  it("refuses another deployable's user: only the gateway speaks for browsers", () => {
    expect(() =>
      loadConfig(gatewayEnvironment, { ...base, NATS_USER: 'projects', NATS_PASSWORD: 's' }),
    ).toThrow("NATS_USER: must be gateway (the gateway's NATS user)");
  });
});
