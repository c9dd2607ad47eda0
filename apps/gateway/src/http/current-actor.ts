import type { IncomingMessage } from 'node:http';
import { type Actor, GUEST } from '@memoreel/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type GqlContextType, GqlExecutionContext } from '@nestjs/graphql';

/**
 * A request the gateway vouches for an actor on: an HTTP request (set by `AccessTokenGuard`)
 * or a graphql-ws upgrade request (set when the connection is accepted).
 */
export type ActorRequest = IncomingMessage & { actor?: Actor };

/** The GraphQL context: the request behind the operation, over HTTP or WebSocket. */
export interface GraphQLContext {
  req?: ActorRequest | undefined;
}

/** Routes that ignore the access token never set an actor: they act as a guest. */
export function actorOf(request: ActorRequest | undefined): Actor {
  return request?.actor ?? GUEST;
}

export function requestOf(context: ExecutionContext): ActorRequest | undefined {
  if (context.getType<GqlContextType>() === 'graphql') {
    return GqlExecutionContext.create(context).getContext<GraphQLContext>().req;
  }
  return context.switchToHttp().getRequest<ActorRequest>();
}

export const CurrentActor = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Actor => actorOf(requestOf(context)),
);
