import './zod-without-eval';
import { expect, it, vi } from 'vitest';
import { z } from 'zod';
import { config } from 'zod/v4/core';

it('leaves zod jitless, so no schema probes for eval under the page CSP', () => {
  expect(config().jitless).toBe(true);
  const probe = vi.spyOn(globalThis, 'Function');
  expect(z.object({ name: z.string() }).parse({ name: 'Rose' })).toEqual({ name: 'Rose' });
  expect(probe).not.toHaveBeenCalled();
});
