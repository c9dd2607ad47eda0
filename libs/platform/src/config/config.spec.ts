import { describe, expect, it } from 'vitest';
import { InvalidEnvironmentError, loadConfig, natsCredentialsOf, serviceEnvironment } from './config.js';

describe('loadConfig', () => {
  it('names every offending variable and why', () => {
    let error: unknown;
    try {
      loadConfig(serviceEnvironment, { DATABASE_URL: 'mysql://x', PORT: 'abc' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidEnvironmentError);
    const message = (error as Error).message;
    expect(message.split('\n')[0]).toBe('Invalid environment variables');
    expect(message).toContain('DATABASE_URL: must start with postgres://');
    expect(message).toContain('NATS_URL: is required');
    expect(message).toMatch(/PORT: /);
  });

  it('applies defaults and coerces numbers', () => {
    const config = loadConfig(serviceEnvironment, {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/db',
      NATS_URL: 'nats://127.0.0.1:4222',
      PORT: '4010',
      SENTRY_DSN: '',
    });
    expect(config).toMatchObject({
      PORT: 4010,
      BUS_NAMESPACE: 'memoreel',
      LOG_LEVEL: 'info',
      SENTRY_DSN: undefined,
    });
  });

  it('takes a NATS identity as both a known deployable and its password, or neither', () => {
    const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/db', NATS_URL: 'nats://127.0.0.1:4222' };
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(serviceEnvironment, { ...base, ...env });
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };

    expect(problems({ NATS_USER: 'projects' })).toContain(
      'NATS_PASSWORD: is required with the other NATS credential',
    );
    expect(problems({ NATS_PASSWORD: 'secret' })).toContain(
      'NATS_USER: is required with the other NATS credential',
    );
    expect(problems({ NATS_USER: 'intruder', NATS_PASSWORD: 'secret' })).toContain(
      'NATS_USER: must be one of gateway, auth, projects',
    );
    const config = loadConfig(serviceEnvironment, {
      ...base,
      NATS_USER: 'projects',
      NATS_PASSWORD: 'secret',
    });
    expect(natsCredentialsOf(config)).toEqual({ user: 'projects', password: 'secret' });
    expect(natsCredentialsOf(loadConfig(serviceEnvironment, base))).toBeUndefined();
  });
});
