import { randomUUID } from 'node:crypto';
import { authService } from '@memoreel/auth';
import { type Bus, connectNatsBus, InProcessBus, startTelemetry } from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { sharingService } from '@memoreel/sharing';
import { NATS_URL, solveBotCheck, uniqueNamespace } from '@memoreel/testing';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useGatewayStack } from './gateway-stack.js';

const spans = new InMemorySpanExporter();
const telemetry = startTelemetry({
  serviceName: 'system-check-test',
  spanProcessors: [new SimpleSpanProcessor({ exporter: spans })],
});
afterAll(() => telemetry.shutdown());

const bindings: Record<string, () => Promise<Bus>> = {
  'in-process': async () => new InProcessBus({ namespace: uniqueNamespace('slice') }),
  nats: () =>
    connectNatsBus({ servers: NATS_URL, namespace: uniqueNamespace('slice'), name: 'system-check-test' }),
};

describe.each(Object.keys(bindings))('system check over the %s bus', (binding) => {
  const stack = useGatewayStack({
    name: 'system-check',
    services: [authService, projectsService, sharingService],
    bus: bindings[binding]!,
    mail: true,
  });
  /** A confirmed account's bearer: probeCompleted is for signed-in users only (issue 31). */
  let authorization: string;

  beforeAll(async () => {
    authorization = await signedInUser();
  });

  async function signedInUser(): Promise<string> {
    const email = `probe-${randomUUID()}@example.com`;
    const password = 'Correct-horse-9';
    const post = (path: string, body: unknown) =>
      fetch(`${stack.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const challenge = await (await fetch(`${stack.baseUrl}/auth/v1/bot-check/challenge`)).json();
    await post('/auth/v1/signup', { email, password, botCheck: await solveBotCheck(challenge) });
    let link: string | undefined;
    for (let attempt = 0; attempt < 50 && !link; attempt += 1) {
      const mail = stack.mail?.messages().find((message) => message.to.includes(email));
      link = mail?.links.find((candidate) => candidate.includes('/auth/v1/verify'));
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const confirm = new URL(link ?? '');
    await fetch(`${stack.baseUrl}${confirm.pathname}${confirm.search}`, { redirect: 'manual' });
    const session = await post('/auth/v1/token?grant_type=password', { email, password });
    return `Bearer ${((await session.json()) as { accessToken: string }).accessToken}`;
  }

  async function graphql(query: string, variables: Record<string, unknown>) {
    const response = await fetch(`${stack.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return (await response.json()) as {
      data?: Record<string, unknown>;
      errors?: { message: string; extensions: { code: string } }[];
    };
  }

  function nextCompletion(id: string): {
    ready: Promise<void>;
    completion: Promise<Record<string, unknown>>;
    close(): void;
  } {
    const client = createClient({
      url: `${stack.baseUrl.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      lazy: false,
      connectionParams: { authorization },
    });
    let onReady!: () => void;
    const ready = new Promise<void>((resolve) => {
      onReady = resolve;
    });
    const completion = new Promise<Record<string, unknown>>((resolve, reject) => {
      const stop = client.subscribe<{ probeCompleted: Record<string, unknown> }>(
        {
          query:
            'subscription ($id: ID!) { probeCompleted(id: $id) { id note recordedAt consumedAt deliveries } }',
          variables: { id },
        },
        {
          next: (result) => {
            if (result.data) {
              resolve(result.data.probeCompleted);
              stop();
            } else reject(new Error(JSON.stringify(result.errors)));
          },
          error: reject,
          complete: () => {},
        },
      );
    });
    // The server acknowledges the connection before it starts the subscription; give it a moment.
    client.on('connected', () => setTimeout(onReady, 100));
    return { ready, completion, close: () => client.dispose() };
  }

  it('a mutation travels to the projects service and its event comes back to the browser live', async () => {
    const id = randomUUID();
    const watcher = nextCompletion(id);
    await watcher.ready;

    const recorded = await graphql(
      'mutation ($id: ID!, $note: String!) { recordProbe(id: $id, note: $note) { id note recordedAt } }',
      {
        id,
        note: '  Hello from the test  ',
      },
    );
    expect(recorded.errors).toBeUndefined();
    expect(recorded.data?.recordProbe).toMatchObject({ id, note: 'Hello from the test' });

    const completion = await watcher.completion;
    watcher.close();
    expect(completion).toMatchObject({ id, note: 'Hello from the test', deliveries: 1 });
    expect(Date.parse(completion.consumedAt as string)).toBeGreaterThanOrEqual(
      Date.parse(completion.recordedAt as string),
    );
  });

  it('a browser whose subscription reaches the server after the push still learns the outcome', async () => {
    const id = randomUUID();
    await graphql('mutation ($id: ID!, $note: String!) { recordProbe(id: $id, note: $note) { id } }', {
      id,
      note: 'late watcher',
    });
    // The sharing service has consumed the probe and pushed its completion to nobody.
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    await expect
      .poll(
        async () =>
          (await client.query('SELECT 1 FROM sharing.probe_receipts WHERE probe_id = $1', [id])).rowCount,
      )
      .toBe(1);
    await client.end();

    const watcher = nextCompletion(id);
    const completion = await watcher.completion;
    watcher.close();
    expect(completion).toMatchObject({ id, note: 'late watcher', deliveries: 1 });
  });

  it('one trace spans the gateway, the projects service and the sharing consumer', async () => {
    spans.reset();
    const id = randomUUID();
    const watcher = nextCompletion(id);
    await watcher.ready;
    await graphql('mutation ($id: ID!, $note: String!) { recordProbe(id: $id, note: $note) { id } }', {
      id,
      note: 'traced',
    });
    await watcher.completion;
    watcher.close();

    const finished = spans.getFinishedSpans();
    const httpSpan = finished.find((s) => s.name === 'POST /graphql');
    expect(httpSpan, 'gateway span').toBeDefined();
    const traceId = httpSpan!.spanContext().traceId;
    const inTrace = finished.filter((s) => s.spanContext().traceId === traceId).map((s) => s.name);
    expect(inTrace.some((name) => name.includes('projects.probe.record'))).toBe(true);
    expect(inTrace.some((name) => name.includes('projects.probe.recorded'))).toBe(true);
  });

  it('answers bad input with a validation error and stores nothing', async () => {
    const id = randomUUID();
    const result = await graphql(
      'mutation ($id: ID!, $note: String!) { recordProbe(id: $id, note: $note) { id } }',
      {
        id,
        note: '   ',
      },
    );
    expect(result.errors?.[0]?.extensions.code).toBe('VALIDATION_FAILED');
    expect(result.errors?.[0]?.message).toContain('Note is required');

    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    const { rowCount } = await client.query('SELECT 1 FROM projects.probes WHERE id = $1', [id]);
    await client.end();
    expect(rowCount).toBe(0);
  });

  it('recording the same probe twice stores it once and emits one event', async () => {
    const id = randomUUID();
    const mutation = 'mutation ($id: ID!, $note: String!) { recordProbe(id: $id, note: $note) { id note } }';
    const first = await graphql(mutation, { id, note: 'first' });
    const second = await graphql(mutation, { id, note: 'second' });
    expect(second.data?.recordProbe).toEqual(first.data?.recordProbe);

    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: stack.databaseUrl });
    await client.connect();
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM projects.outbox_events WHERE payload->'data'->>'id' = $1",
      [id],
    );
    await client.end();
    expect(rows[0].n).toBe(1);
  });
});
