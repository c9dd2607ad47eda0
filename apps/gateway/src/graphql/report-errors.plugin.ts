import type { ApolloServerPlugin, GraphQLRequestListener } from '@apollo/server';
import { ErrorCodes } from '@memoreel/contracts';
import { RemoteError, reportError } from '@memoreel/platform';
import { Plugin } from '@nestjs/apollo';
import { isExpectedRefusal } from './resolver-error-log.js';

/**
 * Sends what resolvers fail with to Sentry, once per error with the request's trace id. Refusals
 * the client earned are not faults; a service's internal error was reported by that service.
 */
@Plugin()
export class ReportResolverErrors implements ApolloServerPlugin {
  async requestDidStart(): Promise<GraphQLRequestListener<object>> {
    return {
      async didEncounterErrors({ errors }) {
        for (const error of errors) {
          const original = error.originalError;
          if (!original || isExpectedRefusal(original)) continue;
          if (original instanceof RemoteError && original.code === ErrorCodes.internal) continue;
          reportError(original, { path: error.path?.join('.') });
        }
      },
    };
  }
}
