import type { IncomingMessage } from 'node:http';
import { GUEST } from '@memoreel/contracts';
import type { Request } from 'express';
import { GraphQLError } from 'graphql';
import type { Context } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import {
  type AccessTokenVerifier,
  NotAuthenticatedError,
  SecondFactorPendingError,
} from '../accounts/access-token.js';
import { LIVE_LIMITS } from '../gateway.limits.js';
import type { ActorRequest, GraphQLContext } from '../http/current-actor.js';
import { type LiveConnections, TOO_MANY_CONNECTIONS } from '../live/live-connections.js';
import { LIVE_CLOSE, type LiveSessions } from '../live/live-sessions.js';
import { liveRefusalOf, RequestBudgetExceededError, type RequestBudgets } from './request-budgets.js';

type GraphQLWsContext = Context<Record<string, unknown> | undefined, unknown>;

/**
 * What a live connection keeps: the token's expiry, how to stop following it, and the client's
 * address (for the request budget) as the trusted proxies name it.
 */
type LiveRequest = ActorRequest & {
  liveExpiresAtMs?: number;
  detachLive?: () => void;
  clientIp?: string;
  /** Set once the socket holds a place in LiveConnections, given back at its close. */
  countedIp?: string;
};

/** One socket holds at most LIVE_LIMITS.subscriptionsPerSocket operations at once. */
export const TOO_MANY_SUBSCRIPTIONS = {
  code: 'TOO_MANY_SUBSCRIPTIONS',
  message: `Too many subscriptions on this connection (at most ${LIVE_LIMITS.subscriptionsPerSocket}): end one before starting another.`,
} as const;

/** What the live hooks need besides the session checks. */
export interface LiveLimits {
  budgets: RequestBudgets;
  /** The client's IP of an upgrade request, by the same trusted-proxy rules as Express's `req.ip`. */
  clientIpOf: (request: IncomingMessage) => string;
  /** Open sockets per address and in total (LIVE_LIMITS.socketsPerIp, socketsTotal). */
  connections: LiveConnections;
  /** How long a socket without a token may stay open (LIVE_LIMITS.anonymousSocketSeconds). */
  anonymousSocketMs: number;
}

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
 * session ended — and the socket is closed when either happens (LiveSessions). Each operation is
 * also counted in the request budgets, and one socket holds at most 20 at once.
 */
export function liveConnectionHooks(tokens: AccessTokenVerifier, sessions: LiveSessions, limits: LiveLimits) {
  return {
    onConnect: async (context: GraphQLWsContext): Promise<boolean> => {
      const authorization = context.connectionParams?.authorization;
      const request = upgradeRequestOf(context);
      const socket = socketOf(context);
      if (!request || !socket || (authorization !== undefined && typeof authorization !== 'string'))
        return false;
      // Counted before the token is checked: a flood of sockets costs no signature checks.
      const clientIp = limits.clientIpOf(request);
      if (!limits.connections.open(clientIp)) {
        socket.close(TOO_MANY_CONNECTIONS.code, TOO_MANY_CONNECTIONS.reason);
        return false;
      }
      request.countedIp = clientIp;
      try {
        const bearer = await tokens.bearerOf(authorization);
        const { actor } = bearer;
        // Without a token there is no session to end with: the socket gets an access token's life.
        const expiresAtMs = Number.isFinite(bearer.expiresAtMs)
          ? bearer.expiresAtMs
          : Date.now() + limits.anonymousSocketMs;
        if (!sessions.isLive(actor.sessionId, expiresAtMs)) return false;
        request.actor = actor;
        request.liveExpiresAtMs = expiresAtMs;
        request.clientIp = clientIp;
        request.detachLive = sessions.attach(actor.sessionId, expiresAtMs, socket);
        return true;
      } catch (error) {
        // A session still owing its second factor gets no live connection either.
        if (error instanceof NotAuthenticatedError || error instanceof SecondFactorPendingError) return false;
        throw error;
      }
    },
    onSubscribe: (context: GraphQLWsContext): readonly GraphQLError[] | undefined => {
      const request = upgradeRequestOf(context);
      if (request?.actor && !sessions.isLive(request.actor.sessionId, request.liveExpiresAtMs ?? 0)) {
        const ended = Date.now() < (request.liveExpiresAtMs ?? 0) ? LIVE_CLOSE.revoked : LIVE_CLOSE.expired;
        socketOf(context)?.close(ended.code, ended.reason);
        return [new GraphQLError(ended.reason, { extensions: { code: 'not_authenticated' } })];
      }
      // graphql-ws has already reserved this operation's id, so it is one of those counted.
      if (Object.keys(context.subscriptions).length > LIVE_LIMITS.subscriptionsPerSocket) {
        return [
          new GraphQLError(TOO_MANY_SUBSCRIPTIONS.message, {
            extensions: { code: TOO_MANY_SUBSCRIPTIONS.code },
          }),
        ];
      }
      try {
        limits.budgets.takeOperation(request?.actor ?? GUEST, request?.clientIp ?? 'unknown');
      } catch (error) {
        if (error instanceof RequestBudgetExceededError) return [liveRefusalOf(error)];
        throw error;
      }
      return undefined;
    },
    onClose: (context: GraphQLWsContext): void => {
      const request = upgradeRequestOf(context);
      request?.detachLive?.();
      if (request?.countedIp !== undefined) limits.connections.close(request.countedIp);
      if (request) request.countedIp = undefined;
    },
  };
}
