import type { Request } from 'express';
import type { Context } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import { type AccessTokenVerifier, NotAuthenticatedError } from '../accounts/access-token.js';
import type { ActorRequest, GraphQLContext } from '../http/current-actor.js';

type GraphQLWsContext = Context<Record<string, unknown> | undefined, unknown>;

/** The server Nest builds is graphql-ws/use/ws, whose `extra` carries the HTTP upgrade request. */
function upgradeRequestOf(context: GraphQLWsContext): ActorRequest | undefined {
  return (context.extra as Partial<Extra> | undefined)?.request;
}

/** One context shape for both transports: Apollo passes `{ req }`, graphql-ws its connection context. */
export function graphqlContext(source: { req?: Request } | GraphQLWsContext): GraphQLContext {
  return { req: 'extra' in source ? upgradeRequestOf(source) : source.req };
}

/**
 * Accepts a graphql-ws connection as the actor of `connectionParams.authorization` (a guest
 * without one). A bad token closes it with 4403 Forbidden; the SPA refreshes and reconnects.
 */
export function authenticateLiveConnection(tokens: AccessTokenVerifier) {
  return async (context: GraphQLWsContext): Promise<boolean> => {
    const authorization = context.connectionParams?.authorization;
    const request = upgradeRequestOf(context);
    if (!request || (authorization !== undefined && typeof authorization !== 'string')) return false;
    try {
      request.actor = await tokens.actorFor(authorization);
      return true;
    } catch (error) {
      if (error instanceof NotAuthenticatedError) return false;
      throw error;
    }
  };
}
