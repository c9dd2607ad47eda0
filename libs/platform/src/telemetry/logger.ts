import type { LoggerService } from '@nestjs/common';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import { type DestinationStream, type Logger, pino } from 'pino';
import { build as prettyStream } from 'pino-pretty';

export type { Logger } from 'pino';

/** `json` for collectors and the cluster; `pretty` for a person at a terminal. */
export type LogFormat = 'json' | 'pretty';

/** JSON unless a person is reading: LOG_FORMAT decides, else a terminal on stdout means pretty. */
export function logFormatFor(
  env: NodeJS.ProcessEnv = process.env,
  isTerminal = Boolean(process.stdout.isTTY),
): LogFormat {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return isTerminal ? 'pretty' : 'json';
}

/** Fields a person at a terminal does not need on every line (request lines say them in words). */
const QUIET_FIELDS =
  'pid,hostname,service,module,context,trace_id,span_id,time,level,method,path,status,durationMs,operation';

const LEVEL_WORDS: Record<string, [word: string, ansi: string]> = {
  warn: ['warning: ', '\x1b[33m'],
  error: ['error: ', '\x1b[31m'],
  fatal: ['fatal: ', '\x1b[31m'],
};

/** `03:04:08  [auth] applied 4 database migration(s)`: time, module, a level word when it matters, the message. */
export function prettyDestination(colorize = Boolean(process.stdout.isTTY)): DestinationStream {
  return prettyStream({
    sync: true,
    colorize,
    singleLine: true,
    ignore: QUIET_FIELDS,
    customColors: 'message:reset',
    messageFormat: (log, messageKey) => {
      const time = new Date(String(log.time)).toTimeString().slice(0, 8);
      const [word, ansi] = LEVEL_WORDS[String(log.level)] ?? ['', ''];
      const level = word && colorize ? `${ansi}${word}\x1b[39m` : word;
      const module = log.module ? `[${String(log.module)}] ` : '';
      return `${time}  ${module}${level}${String(log[messageKey] ?? '')}`;
    },
  });
}

/** Logs with the active trace and span ids, so a log line leads to its trace. */
export function createLogger(options: {
  service: string;
  level?: string;
  format?: LogFormat;
  /** Where JSON lines go (default stdout); tests pass their own. */
  destination?: DestinationStream;
}): Logger {
  const logger = {
    level: options.level ?? process.env.LOG_LEVEL ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    mixin() {
      const context = trace.getActiveSpan()?.spanContext();
      // Without a tracer provider spans are no-ops with all-zero ids: nothing to lead to.
      if (!context || !isSpanContextValid(context)) return {};
      return { trace_id: context.traceId, span_id: context.spanId };
    },
  };
  const format = options.format ?? logFormatFor();
  if (format === 'pretty') return pino(logger, prettyDestination());
  return options.destination ? pino(logger, options.destination) : pino(logger);
}

/** Nest's start-up chatter (modules loaded, routes mapped): worth a look only when debugging. */
const NEST_BOOT_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestMicroservice',
  'NestApplication',
  'GraphQLModule',
]);

/** Routes Nest's own logging through pino. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    if (context && NEST_BOOT_CONTEXTS.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
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
