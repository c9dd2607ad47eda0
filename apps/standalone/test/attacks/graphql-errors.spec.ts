import { createLogger } from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { sharingService } from '@memoreel/sharing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type GatewayStack, startGatewayStack } from '../gateway-stack.js';

/**
 * Issue 31 §10: requests the server cannot parse or refuses by its limits. Each is the client's
 * mistake: it answers 400 with a GraphQL error body (GraphQL over HTTP), never a 5xx that the
 * error-rate alerts watch, and is logged below `error`, like other expected refusals (NotFound).
 */

type LogLine = { level: string; msg: string };
const atErrorOrAbove = (line: LogLine) => line.level === 'error' || line.level === 'fatal';

describe('GraphQL requests the server refuses (attack suite)', () => {
  let stack: GatewayStack;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    const gatewayLogger = createLogger({
      service: 'gateway',
      level: 'debug',
      format: 'json',
      destination: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
    });
    stack = await startGatewayStack({
      name: 'attack-graphql-errors',
      services: [projectsService, sharingService],
      gatewayLogger,
    });
  });

  afterAll(async () => {
    await stack?.close();
  });

  async function post(query: string, variables: Record<string, unknown> = {}) {
    const response = await fetch(`${stack.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as {
      errors?: { message: string; extensions?: { code?: string } }[];
    };
    return { status: response.status, body };
  }

  /** The request was logged as a warning (once its answer is sent), and nothing at `error` since `from`. */
  async function expectWarnedNotErrored(from: number) {
    await vi.waitFor(() =>
      expect(
        lines.slice(from).some((line) => line.level === 'warn' && line.msg.startsWith('POST /graphql 400')),
      ).toBe(true),
    );
    expect(lines.slice(from).filter(atErrorOrAbove)).toEqual([]);
  }

  /** `{ projects { photos { photos { … id } } } }`: each level a field, as deep as asked. */
  const queryOfDepth = (depth: number) =>
    `{ ${['projects', ...Array.from({ length: depth - 1 }, () => 'photos')].reduceRight((inner, field) => `${field} { ${inner} }`, 'id')} }`;

  const refusals: [string, string][] = [
    ['an unclosed brace', '{ sharedVideo(id: "x") { id '],
    ['garbage', '}}}} not graphql at all((('],
    ['over 2,000 tokens', `{ ${Array.from({ length: 2_100 }, () => '__typename').join(' ')} }`],
    ['nesting past the depth limit', queryOfDepth(12)],
    ['an unknown field', '{ noSuchField }'],
  ];

  it.each(refusals)('answers %s with 400 and a GraphQL error body, logged as a warning', async (_, query) => {
    const from = lines.length;
    const { status, body } = await post(query);
    expect(status).toBe(400);
    expect(body.errors?.length).toBeGreaterThan(0);
    expect(body.errors?.[0]?.message).toBeTruthy();
    await expectWarnedNotErrored(from);
  });

  it('logs an expected refusal (an unknown share) below error, and still answers it as NOT_FOUND', async () => {
    const from = lines.length;
    const { status, body } = await post('query ($id: ID!) { sharedVideo(id: $id) { id } }', {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(status).toBe(200);
    expect(body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(lines.slice(from).filter(atErrorOrAbove)).toEqual([]);
  });

  it('still logs a fault at error: a service that does not answer (media is not running here)', async () => {
    const from = lines.length;
    const { body } = await post('{ publicMusicTracks { id } }');
    expect(body.errors?.[0]?.extensions?.code).toMatch(/UNAVAILABLE|TIMEOUT|INTERNAL/);
    await vi.waitFor(() => expect(lines.slice(from).filter(atErrorOrAbove).length).toBeGreaterThan(0));
  });

  it('still answers a valid request afterwards', async () => {
    const { status, body } = await post('{ __typename }');
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
  });
});
