import type { AddressInfo } from 'node:net';
import { createLogger, InProcessBus } from '@memoreel/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../create-gateway.js';
import { introspectionEnabled } from '../gateway.config.js';
import { QUERY_LIMITS } from './query-limits.js';

interface GraphQLReply {
  data?: unknown;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function startGateway(introspection: boolean) {
  const bus = new InProcessBus({ namespace: `limits${introspection ? 'on' : 'off'}` });
  const app = await createGatewayApp({
    bus,
    logger: createLogger({ service: 'test', level: 'silent' }),
    introspection,
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const ask = async (query: string): Promise<GraphQLReply> => {
    const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as GraphQLReply;
  };
  return { app, bus, ask };
}

/** `{ projects { photos { photos { … } } } }`, nested `depth` fields deep (depth is counted before fields are checked). */
function queryOfDepth(depth: number): string {
  const path = ['projects', ...Array.from({ length: depth - 1 }, () => 'photos')];
  return `{ ${path.reduceRight((inner, field) => `${field} { ${inner} }`, 'id')} }`;
}

const messages = (reply: GraphQLReply) => (reply.errors ?? []).map((error) => error.message).join('\n');

describe('GraphQL for anonymous callers in production', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    gateway = await startGateway(false);
  });
  afterAll(async () => {
    await gateway.app.close();
    await gateway.bus.close();
  });

  it('does not tell its schema: no introspection, no field suggestions', async () => {
    const schema = await gateway.ask('{ __schema { types { name } } }');
    expect(schema.data).toBeUndefined();
    expect(messages(schema)).toMatch(/introspection/i);

    const typo = await gateway.ask('{ projectz { id } }');
    expect(messages(typo)).toContain('Cannot query field "projectz"');
    expect(messages(typo)).not.toMatch(/did you mean/i);
  });

  it('refuses deep, alias-heavy and oversized operations with a clear error', async () => {
    const deep = await gateway.ask(queryOfDepth(QUERY_LIMITS.maxDepth + 2));
    expect(messages(deep)).toContain(`Query depth limit of ${QUERY_LIMITS.maxDepth} exceeded`);

    const aliases = Array.from(
      { length: QUERY_LIMITS.maxAliases + 5 },
      (_, i) => `a${i}: projectCount { count }`,
    ).join(' ');
    expect(messages(await gateway.ask(`{ ${aliases} }`))).toContain(
      `Aliases limit of ${QUERY_LIMITS.maxAliases} exceeded`,
    );

    const tokens = Array.from({ length: QUERY_LIMITS.maxTokens }, () => '__typename').join(' ');
    // graphql-js's own parse counts them (its message reads "more that"): a parse failure, 400.
    expect(messages(await gateway.ask(`{ ${tokens} }`))).toMatch(
      new RegExp(`Document contains more tha[nt] ${QUERY_LIMITS.maxTokens} tokens`),
    );
  });

  it('lets the SPA’s own queries through (they fail only for want of a session)', async () => {
    const reply = await gateway.ask(
      'query Projects { projects { id name product createdAt updatedAt videoSettings { durationPerPhoto } photos { id url } photoCount } }',
    );
    expect(messages(reply)).not.toMatch(/limit of/);
    expect(reply.errors?.[0]?.extensions?.code).not.toBe('GRAPHQL_VALIDATION_FAILED');
  });
});

describe('GraphQL introspection in development', () => {
  it('answers when turned on', async () => {
    const gateway = await startGateway(true);
    try {
      const reply = await gateway.ask('{ __schema { queryType { name } } }');
      expect(reply.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    } finally {
      await gateway.app.close();
      await gateway.bus.close();
    }
  });

  it('is on only when GRAPHQL_INTROSPECTION=true, or in NODE_ENV=development unless turned off', () => {
    expect(introspectionEnabled({})).toBe(false);
    expect(introspectionEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(introspectionEnabled({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true' })).toBe(true);
    expect(introspectionEnabled({ NODE_ENV: 'development' })).toBe(true);
    expect(introspectionEnabled({ NODE_ENV: 'development', GRAPHQL_INTROSPECTION: 'false' })).toBe(false);
  });
});
