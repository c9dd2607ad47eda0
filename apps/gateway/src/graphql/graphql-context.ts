import type { Request } from 'express';
import { GraphQLError } from 'graphql';
import type { Context } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import { type AccessTokenVerifier, NotAuthenticatedError } from '../accounts/access-token.js';
import type { ActorRequest, GraphQLContext } from '../http/current-actor.js';
import { LIVE_CLOSE, type LiveSessions } from '../live/live-sessions.js';

type GraphQLWsContext = Context<Record<string, unknown> | undefined, unknown>;

/** What a live connection keeps of its authentication: the token's expiry and how to stop following it. */
type LiveRequest = ActorRequest & { liveExpiresAtMs?: number; detachLive?: () => void };

/** The server Nest builds is graphql-ws/use/ws, whose `extra` carries the HTTP upgrade request. */
function upgradeRequestOf(context: GraphQLWsContext): LiveRequest | undefined {
  return (context.extra as Partial<Extra> | undefined)?.request;
}

function socketOf(context: GraphQLWsContext): Extra['socket'] | undefined {
  return (context.extra as Partial<Extra> | undefined)?.socket;
}

/** One context shape for both transports: Apollo passes `{ req }`, graphql-ws its connection context. */
export function graphqlContext(source: { req?: Request } | GraphQLWsContext): GraphQLContext {
  return { req: 'extra' in source ? upgradeRequestOf(source) : source.req };
}

/**
 * graphql-ws hooks. A connection is accepted as the actor of `connectionParams.authorization` (a
 * guest without one; a bad or revoked token closes it with 4403, and the SPA refreshes and
 * reconnects). Every operation on it is checked again — the token must not have expired nor its
 * session ended — and the socket is closed when either happens (LiveSessions).
 */
export function liveConnectionHooks(tokens: AccessTokenVerifier, sessions: LiveSessions) {
  return {
    onConnect: async (context: GraphQLWsContext): Promise<boolean> => {
      const authorization = context.connectionParams?.authorization;
      const request = upgradeRequestOf(context);
      const socket = socketOf(context);
      if (!request || !socket || (authorization !== undefined && typeof authorization !== 'string'))
        return false;
      try {
        const { actor, expiresAtMs } = await tokens.bearerOf(authorization);
        if (!sessions.isLive(actor.sessionId, expiresAtMs)) return false;
        request.actor = actor;
        request.liveExpiresAtMs = expiresAtMs;
        if (Number.isFinite(expiresAtMs))
          request.detachLive = sessions.attach(actor.sessionId, expiresAtMs, socket);
        return true;
      } catch (error) {
        if (error instanceof NotAuthenticatedError) return false;
        throw error;
      }
    },
    onSubscribe: (context: GraphQLWsContext): readonly GraphQLError[] | undefined => {
      const request = upgradeRequestOf(context);
      if (!request?.actor || sessions.isLive(request.actor.sessionId, request.liveExpiresAtMs ?? 0))
        return undefined;
      const ended = Date.now() < (request.liveExpiresAtMs ?? 0) ? LIVE_CLOSE.revoked : LIVE_CLOSE.expired;
      socketOf(context)?.close(ended.code, ended.reason);
      return [new GraphQLError(ended.reason, { extensions: { code: 'not_authenticated' } })];
    },
    onClose: (context: GraphQLWsContext): void => {
      upgradeRequestOf(context)?.detachLive?.();
    },
  };
}
