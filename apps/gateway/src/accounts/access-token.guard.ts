import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { requestOf } from '../http/current-actor.js';
import { AccessTokenVerifier } from './access-token.js';

const READS_ACCESS_TOKEN = 'memoreel:reads-access-token';

/**
 * Whether a route (or controller) looks at `Authorization`. Sign-in and refresh routes do not:
 * a stale token the browser still holds must not stop it from getting a new one.
 */
export const ReadsAccessToken = (reads = true) => SetMetadata(READS_ACCESS_TOKEN, reads);

/**
 * Sets `request.actor` from the bearer token on every REST and GraphQL HTTP request: a guest
 * without a token, 401 `not_authenticated` for an invalid one (never a silent downgrade).
 * graphql-ws connections got their actor when they were accepted.
 */
@Injectable()
export class AccessTokenGuard implements CanActivate {
  constructor(
    private readonly tokens: AccessTokenVerifier,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const reads = this.reflector.getAllAndOverride<boolean | undefined>(READS_ACCESS_TOKEN, [
      context.getHandler(),
      context.getClass(),
    ]);
    const request = requestOf(context);
    if (reads !== false && request && !request.actor) {
      request.actor = await this.tokens.actorFor(request.headers.authorization);
    }
    return true;
  }
}
