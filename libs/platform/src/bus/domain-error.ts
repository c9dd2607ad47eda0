import { ErrorCodes, type ReplyError } from '@memoreel/contracts';
import { RpcException } from '@nestjs/microservices';

/**
 * A failure the caller may see: a stable `code` and the spec's exact message. `BusTransport`
 * replies with it as is. It extends `RpcException` because Nest's exception layer replaces any
 * other error with a generic one before the transport sees it.
 */
export class DomainError extends RpcException {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super({ code, message, ...(details === undefined ? {} : { details }) });
    this.name = new.target.name;
  }

  toReplyError(): ReplyError {
    return {
      code: this.code,
      message: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string, details?: unknown) {
    super(ErrorCodes.notFound, message, details);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: string, details?: unknown) {
    super(ErrorCodes.unauthorized, message, details);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string, details?: unknown) {
    super(ErrorCodes.forbidden, message, details);
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, details?: unknown) {
    super(ErrorCodes.validationFailed, message, details);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string, details?: unknown) {
    super(ErrorCodes.conflict, message, details);
  }
}
