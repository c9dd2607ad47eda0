import { type CanActivate, type ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { requestOf } from '../http/current-actor.js';
import { AccessTokenVerifier } from './access-token.js';

const READS_ACCESS_TOKEN = 'memoreel:reads-access-token';
const ALLOWS_SECOND_FACTOR_PENDING = 'memoreel:allows-second-factor-pending';

/**
 * Whether a route (or controller) looks at `Authorization`. Sign-in and refresh routes do not:
 * a stale token the browser still holds must not stop it from getting a new one.
 */
export const ReadsAccessToken = (reads = true) => SetMetadata(READS_ACCESS_TOKEN, reads);

/**
 * The few routes an aal1 session that still owes its second factor may use: reading its own user
 * (to list the factors to challenge), and the challenge itself. Every other route refuses it with
 * `insufficient_aal` (decision 0027).
 */
export const AllowsSecondFactorPending = () => SetMetadata(ALLOWS_SECOND_FACTOR_PENDING, true);

/**
 * Sets `request.actor` from the bearer token on every REST and GraphQL HTTP request: a guest
 * without a token, 401 `not_authenticated` for an invalid one (never a silent downgrade), 403
 * `insufficient_aal` for a session still owing its second factor outside the routes that allow it.
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
    const allowSecondFactorPending =
      this.reflector.getAllAndOverride<boolean | undefined>(ALLOWS_SECOND_FACTOR_PENDING, [
        context.getHandler(),
        context.getClass(),
      ]) === true;
    const request = requestOf(context);
    if (reads !== false && request && !request.actor) {
      request.actor = await this.tokens.actorFor(request.headers.authorization, { allowSecondFactorPending });
    }
    return true;
  }
}
