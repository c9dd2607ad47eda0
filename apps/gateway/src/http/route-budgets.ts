import { ErrorCodes } from '@memoreel/contracts';
import type { RequestHandler } from 'express';
import type { RequestBudgetName } from '../gateway.limits.js';
import {
  answerOverBudget,
  RATE_LIMITED_MESSAGE,
  RequestBudgetExceededError,
  type RequestBudgets,
} from '../graphql/request-budgets.js';
import { addressOf } from './client.js';

/**
 * Counts every request of a public HTTP route against its per-address budget (REQUEST_BUDGETS) before
 * anything behind it runs. A refusal answers 429 with `Retry-After` and auth's REST error body
 * (`{ error_code, msg }`), so the SPA reads it like any other refusal.
 */
export function perAddressBudget(budgets: RequestBudgets, name: RequestBudgetName): RequestHandler {
  return (req, res, next) => {
    try {
      budgets.take(name, addressOf(req));
      next();
    } catch (error) {
      if (!(error instanceof RequestBudgetExceededError)) return next(error);
      answerOverBudget(
        res,
        error,
        { error_code: ErrorCodes.rateLimited, msg: RATE_LIMITED_MESSAGE },
        { 'cache-control': 'no-store' },
      );
    }
  };
}
