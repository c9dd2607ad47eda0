import { expect, it } from 'vitest';
import { logFormatFor } from './logger.js';

it('logs JSON for collectors and pretty lines for a person at a terminal', () => {
  expect(logFormatFor({}, false)).toBe('json');
  expect(logFormatFor({}, true)).toBe('pretty');
  expect(logFormatFor({ LOG_FORMAT: 'json' }, true)).toBe('json');
  expect(logFormatFor({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
});
