import { Writable } from 'node:stream';
import { trace } from '@opentelemetry/api';
import { expect, it } from 'vitest';
import { createLogger, logFormatFor } from './logger.js';

it('logs JSON for collectors and pretty lines for a person at a terminal', () => {
  expect(logFormatFor({}, false)).toBe('json');
  expect(logFormatFor({}, true)).toBe('pretty');
  expect(logFormatFor({ LOG_FORMAT: 'json' }, true)).toBe('json');
  expect(logFormatFor({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
});

it('names a trace only when one is being recorded (no all-zero ids without a tracer provider)', () => {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ service: 'test', format: 'json', destination });
  trace.getTracer('test').startActiveSpan('untraced', (span) => {
    logger.info('inside a span nobody records');
    span.end();
  });
  const line = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
  expect(line.msg).toBe('inside a span nobody records');
  expect(line).not.toHaveProperty('trace_id');
});
