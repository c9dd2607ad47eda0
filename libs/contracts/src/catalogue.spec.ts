import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogue, contractFor, defineRequest, recordProbe } from './index.js';

describe('contract catalogue', () => {
  it('finds every contract by its subject', () => {
    expect(catalogue.length).toBeGreaterThan(0);
    for (const contract of catalogue) expect(contractFor(contract.subject)).toBe(contract);
  });

  it('names the owning service from the subject', () => {
    expect(recordProbe.service).toBe('projects');
  });

  it('rejects subjects that do not read <service>.<entity>.<verb>', () => {
    expect(() =>
      defineRequest('Projects.rename', { summary: '', request: z.object({}), reply: z.object({}) }),
    ).toThrow(/must read/);
  });

  it('validates payloads with the contract schema', () => {
    expect(recordProbe.request.safeParse({ note: '  ' }).success).toBe(false);
    expect(recordProbe.request.parse({ note: ' hello ' })).toEqual({ note: 'hello' });
  });
});
