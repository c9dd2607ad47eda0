import { authService } from '@memoreel/auth';
import { flushErrorReports, startTelemetry, type Telemetry } from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { eventually, type SentryReceiver, startSentryReceiver } from '@memoreel/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayStack, startGatewayStack } from './gateway-stack.js';
import { guestSession } from './guest-session.js';

/**
 * Unexpected errors reach Sentry once each, with their trace id; refusals do not. Sentry is a
 * local receiver of its envelope protocol; the SDK is process-wide, hence a file of its own.
 */
describe('error reporting to Sentry (auth + projects + gateway)', () => {
  let receiver: SentryReceiver;
  let telemetry: Telemetry;
  let stack: GatewayStack;

  beforeAll(async () => {
    receiver = await startSentryReceiver();
    telemetry = startTelemetry({ serviceName: 'error-reporting-test', sentryDsn: receiver.dsn });
    stack = await startGatewayStack({
      name: 'error-reporting',
      services: [authService, projectsService],
      mail: true,
    });
  });

  afterAll(async () => {
    await stack?.close();
    await telemetry?.shutdown();
    await receiver?.close();
  });

  async function graphql(query: string, token?: string) {
    const response = await fetch(`${stack.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as { errors?: { message: string; extensions: { code: string } }[] };
  }

  async function sql(statement: string) {
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  }

  it('a resolver whose service is down: reported once by the gateway, with the trace id', async () => {
    // No billing service runs, so the resolver fails with "No service answers billing…".
    const result = await graphql('{ productPrices { productId } }');
    expect(result.errors?.[0]?.extensions.code).toBe('UNAVAILABLE');
    await flushErrorReports();
    const events = await eventually(async () => {
      const found = receiver.eventsWith('No service answers billing');
      expect(found).toHaveLength(1);
      return found;
    });
    expect(events[0]?.tags?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    expect(events[0]?.extra?.path).toBe('productPrices');
  });

  it('a bus handler that fails: reported once by its service, not again by the gateway', async () => {
    const token = await guestSession(stack.baseUrl);
    const before = receiver.events.length;
    // The projects service loses its tables: its handler fails with an error nobody expects.
    await sql('ALTER SCHEMA projects RENAME TO projects_gone');
    try {
      const result = await graphql('mutation { createInitialProject { project { id } } }', token);
      expect(result.errors?.[0]).toMatchObject({
        message: 'Internal error',
        extensions: { code: 'INTERNAL' },
      });
    } finally {
      await sql('ALTER SCHEMA projects_gone RENAME TO projects');
    }
    await flushErrorReports();
    const events = await eventually(async () => {
      const found = receiver.events.slice(before).filter((event) => event.extra?.subject !== undefined);
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(events.map((event) => event.extra?.subject)).toEqual([
      expect.stringContaining('projects.project.create-initial'),
    ]);
    expect(events[0]?.tags?.trace_id).toMatch(/^[0-9a-f]{32}$/);
    // The gateway saw only the service's INTERNAL reply: nothing more from it.
    expect(receiver.events.slice(before).filter((event) => event.extra?.path !== undefined)).toEqual([]);
  });

  it('a refusal the caller earned is not reported', async () => {
    const before = receiver.events.length;
    const result = await graphql('mutation { createInitialProject { project { id } } }');
    expect(result.errors?.[0]?.extensions.code).toBeDefined();
    await flushErrorReports();
    expect(receiver.events.slice(before)).toEqual([]);
  });
});
