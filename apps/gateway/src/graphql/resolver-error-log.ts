import { ErrorCodes } from '@memoreel/contracts';
import { RemoteError } from '@memoreel/platform';
import { type ArgumentsHost, Catch, Logger } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import type { GqlContextType, GqlExceptionFilter } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';

/** Codes that mean our side failed; every other code is a refusal the caller earned (NotFound, validation…). */
const FAULT_CODES: ReadonlySet<string> = new Set([
  ErrorCodes.internal,
  ErrorCodes.unavailable,
  ErrorCodes.timeout,
]);

/** Whether a resolver's failure is a refusal the client caused (logged at info) rather than a fault. */
export function isExpectedRefusal(error: unknown): boolean {
  if (error instanceof RemoteError) return !FAULT_CODES.has(error.code);
  // Our own GraphQL errors (budgets, the probe's sign-in check) carry a code the client acts on.
  return error instanceof GraphQLError && typeof error.extensions.code === 'string';
}

/**
 * Logs what resolvers throw by what it means: Nest would log every one at `error`, so an unknown
 * share id or an expired link would page someone like a crash. Refusals go to info, faults stay
 * errors; the error itself goes on to Apollo, which formats it (format-error.ts). Other contexts
 * (HTTP controllers) keep Nest's handling.
 */
@Catch()
export class ResolverErrorLog extends BaseExceptionFilter implements GqlExceptionFilter {
  private readonly logger = new Logger('GraphQL');

  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType<GqlContextType>() !== 'graphql') return super.catch(exception, host);
    if (isExpectedRefusal(exception)) {
      const code =
        exception instanceof RemoteError ? exception.code : (exception as GraphQLError).extensions.code;
      this.logger.log(`Refused (${String(code)}): ${(exception as Error).message}`);
    } else {
      this.logger.error(
        exception instanceof Error ? (exception.stack ?? exception.message) : String(exception),
      );
    }
    return exception;
  }
}
