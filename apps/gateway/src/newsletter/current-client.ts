import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { type Client, clientOf } from '../http/client.js';
import { type ActorRequest, requestOf } from '../http/current-actor.js';

function isExpressRequest(request: ActorRequest): request is ActorRequest & Request {
  return typeof (request as Partial<Request>).get === 'function';
}

/**
 * The caller for the auth service's per-IP limits. Over HTTP Apollo hands over Express's request;
 * an operation on a WebSocket has only the bare upgrade request.
 */
export const CurrentClient = createParamDecorator((_data: unknown, context: ExecutionContext): Client => {
  const request = requestOf(context);
  if (request && isExpressRequest(request)) return clientOf(request);
  return { ip: request?.socket.remoteAddress ?? 'unknown' };
});
