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
    const id = '0b7c5c1e-6a3c-4d69-9d0e-3f9f1a2b4c5d';
    expect(recordProbe.request.safeParse({ id, note: '  ' }).success).toBe(false);
    expect(recordProbe.request.safeParse({ id: 'nope', note: 'hi' }).success).toBe(false);
    expect(recordProbe.request.parse({ id, note: ' hello ' })).toEqual({ id, note: 'hello' });
  });
});
