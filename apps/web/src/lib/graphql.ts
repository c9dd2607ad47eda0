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

/** POSTs one operation to the gateway's /graphql; resolves with `data` or throws a GraphQLRequestError. */
export async function graphqlRequest<TData, TVariables extends object = Record<string, never>>(
  query: string,
  variables?: TVariables,
  signal?: AbortSignal,
): Promise<TData> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
  };
  const authorization = bearerAuthorization();
  if (authorization) headers.authorization = authorization;
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers,
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
