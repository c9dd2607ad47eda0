import { HeaderMap } from '@apollo/server';
import { type Actor, ErrorCodes, GUEST } from '@memoreel/contracts';
import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { GraphQLError } from 'graphql';
import {
  AccessTokenVerifier,
  NotAuthenticatedError,
  SecondFactorPendingError,
} from '../accounts/access-token.js';
import { type BucketPolicy, REQUEST_BUDGETS, type RequestBudgetName } from '../gateway.limits.js';
import { addressOf } from '../http/client.js';
import type { ActorRequest } from '../http/current-actor.js';
import { TokenBuckets } from './token-buckets.js';

export const RATE_LIMITED_MESSAGE = 'Too many requests. Please try again later.';

/**
 * `RATE_LIMITED` with `retryAfterSeconds` in the extensions. Thrown by a resolver, Apollo sets
 * `Retry-After` from `extensions.http` (and strips it from the body); Nest keeps such answers 200.
 */
export class RequestBudgetExceededError extends GraphQLError {
  constructor(readonly retryAfterSeconds: number) {
    super(RATE_LIMITED_MESSAGE, {
      extensions: {
        code: ErrorCodes.rateLimited,
        retryAfterSeconds,
        http: { status: 429, headers: new HeaderMap([['retry-after', String(retryAfterSeconds)]]) },
      },
    });
  }
}

/** The refusal as a plain GraphQL error: for graphql-ws, and bodies written without Apollo. */
export function liveRefusalOf(error: RequestBudgetExceededError): GraphQLError {
  return new GraphQLError(error.message, {
    extensions: { code: ErrorCodes.rateLimited, retryAfterSeconds: error.retryAfterSeconds },
  });
}

/**
 * Answers a request its budget refused: 429 and when to retry, with the error `body` the route's
 * clients read (and any further `headers`).
 */
export function answerOverBudget(
  response: Response,
  error: RequestBudgetExceededError,
  body: object,
  headers: Record<string, string> = {},
): void {
  response.status(429).set('retry-after', String(error.retryAfterSeconds)).set(headers).json(body);
}

/** The gateway's request budgets (REQUEST_BUDGETS), kept by this replica. */
export class RequestBudgets {
  private readonly buckets: TokenBuckets;
  private readonly policies: Record<RequestBudgetName, BucketPolicy>;

  constructor(
    overrides: Partial<Record<RequestBudgetName, BucketPolicy>> = {},
    now: () => number = Date.now,
  ) {
    this.policies = { ...REQUEST_BUDGETS, ...overrides };
    this.buckets = new TokenBuckets(now);
  }

  /** Takes one request of `name` for `subject` (an IP, a user id) or throws RATE_LIMITED. */
  take(name: RequestBudgetName, subject: string): void {
    const taken = this.buckets.take(`${name}:${subject}`, this.policies[name]);
    if (!taken.allowed) throw new RequestBudgetExceededError(taken.retryAfterSeconds);
  }

  /** One GraphQL operation: from the caller's address, and from the user's budget when signed in. */
  takeOperation(actor: Actor, ip: string): void {
    this.take('graphqlPerIp', ip);
    if (actor.userId) this.take('graphqlPerUser', actor.userId);
  }
}

/**
 * Counts every GraphQL request over HTTP before Apollo sees it, so a refused one costs no parsing
 * (and an invalid or oversized query is counted too). The bearer token is verified here — a forged
 * `sub` must not spend someone else's budget — and the actor kept for the resolvers; a bad token
 * counts against the address only and is refused by AccessTokenGuard as before. Refusals answer
 * 429 with `Retry-After` and a GraphQL error body.
 */
@Injectable()
export class GraphQLRequestBudget implements NestMiddleware {
  constructor(
    private readonly tokens: AccessTokenVerifier,
    private readonly budgets: RequestBudgets,
  ) {}

  async use(request: Request & ActorRequest, response: Response, next: NextFunction): Promise<void> {
    try {
      if (!request.actor) {
        try {
          request.actor = await this.tokens.actorFor(request.headers.authorization);
        } catch (error) {
          // Left without an actor: AccessTokenGuard refuses it with its own answer.
          if (!(error instanceof NotAuthenticatedError || error instanceof SecondFactorPendingError))
            throw error;
        }
      }
      this.budgets.takeOperation(request.actor ?? GUEST, addressOf(request));
      next();
    } catch (error) {
      if (!(error instanceof RequestBudgetExceededError)) return next(error);
      answerOverBudget(response, error, {
        errors: [{ message: error.message, extensions: liveRefusalOf(error).extensions }],
      });
    }
  }
}
