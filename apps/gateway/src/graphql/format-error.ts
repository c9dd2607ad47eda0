import { ErrorCodes } from '@memoreel/contracts';
import { RemoteError } from '@memoreel/platform';
import type { GraphQLFormattedError } from 'graphql';
import { RequestBudgetExceededError } from './request-budgets.js';

/**
 * Service failures reach the browser with their stable `code` and the spec's exact message;
 * anything unexpected becomes a generic internal error (details stay in the logs).
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = (error as { originalError?: unknown } | undefined)?.originalError;
  if (original instanceof RemoteError) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: {
        code: original.code,
        ...(original.details === undefined ? {} : { details: original.details }),
      },
    };
  }
  // A resolver's own budget (recordProbe per IP): its code and when to try again.
  if (original instanceof RequestBudgetExceededError) {
    return {
      message: original.message,
      path: formatted.path,
      extensions: { code: ErrorCodes.rateLimited, retryAfterSeconds: original.retryAfterSeconds },
    };
  }
  const code = formatted.extensions?.code;
  if (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_USER_INPUT' || code === 'GRAPHQL_PARSE_FAILED') {
    return {
      message: formatted.message,
      path: formatted.path,
      extensions: { code: ErrorCodes.validationFailed },
    };
  }
  return { message: 'Internal error', path: formatted.path, extensions: { code: ErrorCodes.internal } };
}
