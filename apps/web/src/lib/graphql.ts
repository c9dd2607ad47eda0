import { bearerAuthorization } from './access-token';

/** A GraphQL answer the user may need to see; `code` is the gateway's stable `extensions.code`. */
export class GraphQLRequestError extends Error {
  override readonly name = 'GraphQLRequestError';

  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

interface GraphQLResponse<TData> {
  data?: TData | null;
  errors?: { message: string; extensions?: { code?: unknown } }[];
}

async function readBody<TData>(response: Response): Promise<GraphQLResponse<TData> | null> {
  try {
    return (await response.json()) as GraphQLResponse<TData>;
  } catch {
    return null;
  }
}

/** JSON headers, and the signed-in user's bearer token when there is one. */
function requestHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...extra };
  const authorization = bearerAuthorization();
  if (authorization) headers.authorization = authorization;
  return headers;
}

/** POSTs one operation to the gateway's /graphql; resolves with `data` or throws a GraphQLRequestError. */
export async function graphqlRequest<TData, TVariables extends object = Record<string, never>>(
  query: string,
  variables?: TVariables,
  signal?: AbortSignal,
): Promise<TData> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: requestHeaders({ accept: 'application/graphql-response+json, application/json' }),
      body: JSON.stringify({ query, variables }),
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new GraphQLRequestError(
      'Could not reach the server. Check your connection and try again.',
      'NETWORK_ERROR',
    );
  }

  const body = await readBody<TData>(response);
  const [firstError] = body?.errors ?? [];
  if (firstError) {
    const code = typeof firstError.extensions?.code === 'string' ? firstError.extensions.code : 'UNKNOWN';
    throw new GraphQLRequestError(firstError.message, code);
  }
  if (!response.ok || !body?.data) {
    throw new GraphQLRequestError(
      `The server answered with an error (HTTP ${response.status}).`,
      'HTTP_ERROR',
    );
  }
  return body.data;
}

/**
 * Sends an operation as the page goes away (reload, closed tab, app switched away on a phone): a
 * `keepalive` request outlives the page, where an ordinary fetch would be cancelled with it.
 * Nobody is left to read the answer.
 */
export function graphqlRequestOnLeave(query: string, variables: object): void {
  void fetch('/graphql', {
    method: 'POST',
    headers: requestHeaders(),
    body: JSON.stringify({ query, variables }),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined);
}

/** Runs an operation that asks for one root field, and resolves with that field's value. */
export async function graphqlField<TField>(
  field: string,
  query: string,
  variables: object = {},
  signal?: AbortSignal,
): Promise<TField> {
  const data = await graphqlRequest<Record<string, TField>, object>(query, variables, signal);
  return data[field] as TField;
}
