import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessTokenGetter } from './access-token';
import { GraphQLRequestError, graphqlField, graphqlRequest, graphqlRequestOnLeave } from './graphql';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => ({ ok: status < 400, status, json: async () => body }) as Response),
  );
}

afterEach(() => setAccessTokenGetter(() => null));

describe('graphqlRequest', () => {
  it("sends the signed-in user's access token, and none for a visitor", async () => {
    answer(200, { data: { hello: 'world' } });
    await graphqlRequest('query { hello }');
    setAccessTokenGetter(() => 'the-access-token');
    await graphqlRequest('query { hello }');

    const [asVisitor, asUser] = vi.mocked(fetch).mock.calls.map(([, init]) => init ?? {});
    expect(new Headers(asVisitor?.headers).has('authorization')).toBe(false);
    expect(new Headers(asUser?.headers).get('authorization')).toBe('Bearer the-access-token');
  });

  it('POSTs the operation as JSON to /graphql and resolves with data', async () => {
    answer(200, { data: { hello: 'world' } });

    await expect(graphqlRequest('query { hello }')).resolves.toEqual({ hello: 'world' });
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/graphql');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ query: 'query { hello }' });
  });

  it("throws the server's first error with its extensions.code", async () => {
    answer(200, { errors: [{ message: 'Note is required', extensions: { code: 'VALIDATION_FAILED' } }] });

    const error = await graphqlRequest('mutation { x }').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(error).toMatchObject({ message: 'Note is required', code: 'VALIDATION_FAILED' });
  });

  it('reports an HTTP failure without a GraphQL body', async () => {
    answer(502, null);

    await expect(graphqlRequest('query { x }')).rejects.toMatchObject({ code: 'HTTP_ERROR' });
  });

  it('reports an unreachable server as a network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await expect(graphqlRequest('query { x }')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
  });
});

describe('graphqlField', () => {
  it('sends the variables and resolves with the one root field asked for', async () => {
    answer(200, { data: { project: { id: 'p1', name: 'Summer' } } });

    await expect(
      graphqlField('project', 'query Project($id: ID!) { project(id: $id) { id name } }', { id: 'p1' }),
    ).resolves.toEqual({ id: 'p1', name: 'Summer' });
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(JSON.parse(String(init?.body)).variables).toEqual({ id: 'p1' });
  });
});

describe('graphqlRequestOnLeave', () => {
  it("sends the operation with keepalive and the user's access token, and ignores a failure", async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    setAccessTokenGetter(() => 'the-access-token');

    graphqlRequestOnLeave('mutation Save($id: ID!) { save(id: $id) }', { id: 'p1' });

    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(url).toBe('/graphql');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer the-access-token');
    expect(JSON.parse(String(init?.body))).toEqual({
      query: 'mutation Save($id: ID!) { save(id: $id) }',
      variables: { id: 'p1' },
    });
  });
});
