import type { LoggerService } from '@nestjs/common';
import { trace } from '@opentelemetry/api';
import { type Logger, pino } from 'pino';

export type { Logger } from 'pino';

/** JSON logs with the active trace and span ids, so a log line leads to its trace. */
export function createLogger(options: { service: string; level?: string }): Logger {
  return pino({
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
  });
}

/** Routes Nest's own logging through pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, stack: trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
