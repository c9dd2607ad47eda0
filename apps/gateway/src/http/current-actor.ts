import { type Actor, GUEST } from '@memoreel/contracts';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import type { Request } from 'express';

/**
 * The actor the gateway vouches for. Until access tokens exist (issue #3 adds the token
 * guard that sets `request.actor`), every caller is a guest.
 */
export function actorOf(request: Request | undefined): Actor {
  return (request as (Request & { actor?: Actor }) | undefined)?.actor ?? GUEST;
}

export const CurrentActor = createParamDecorator((_data: unknown, context: ExecutionContext): Actor => {
  if (context.getType<string>() === 'graphql') {
    return actorOf(GqlExecutionContext.create(context).getContext<{ req?: Request }>().req);
  }
  return actorOf(context.switchToHttp().getRequest<Request>());
});
