import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectsService } from '@memoreel/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayStack, startGatewayStack } from '../gateway-stack.js';

/**
 * Issue 31 §8: what an outsider learns from the ops endpoints. /metrics names our traffic and
 * /health/ready our dependencies: they answer on the ops port (OPS_PORT) only, never through the
 * public one (where the Ingress sends everyone); /health/live stays public for uptime checks.
 */
describe('ops endpoints off the public port (attack suite)', () => {
  let stack: GatewayStack;
  let webDistDir: string;
  let databaseChecks = 0;

  beforeAll(async () => {
    // With the SPA served, its catch-all must not answer these paths either.
    webDistDir = mkdtempSync(join(tmpdir(), 'memoreel-web-'));
    writeFileSync(join(webDistDir, 'index.html'), '<!doctype html><title>Memoreel</title>');
    stack = await startGatewayStack({
      name: 'attack-ops',
      services: [projectsService],
      webDistDir,
      readiness: [
        {
          name: 'database',
          check: async () => {
            databaseChecks++;
            return true;
          },
        },
      ],
    });
  });

  afterAll(async () => {
    await stack?.close();
    if (webDistDir) rmSync(webDistDir, { recursive: true, force: true });
  });

  it('answers 404 for /metrics and /health/ready on the public port, as from behind the ingress', async () => {
    for (const path of ['/metrics', '/health/ready', '/metrics/', '/health/ready?x=1']) {
      const response = await fetch(`${stack.baseUrl}${path}`, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toMatch(/process_cpu|"checks"|"bus"/);
    }
    const live = await fetch(`${stack.baseUrl}/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
  });

  it('gives the public /status page a summary that a flood never passes on to the dependencies', async () => {
    const before = databaseChecks;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${stack.baseUrl}/health/status`, { headers: { 'x-forwarded-for': `203.0.113.${i}` } }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      // Which dependency is up, and nothing more.
      expect(await answer.json()).toEqual({
        status: 'ok',
        checks: { bus: { status: 'ok' }, database: { status: 'ok' } },
      });
    }
    expect(databaseChecks - before).toBeLessThanOrEqual(1);
  });

  it('answers them on the ops port', async () => {
    const ready = await fetch(`${stack.opsUrl}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ok' });
    const metrics = await fetch(`${stack.opsUrl}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('process_cpu_user_seconds_total');
    expect((await fetch(`${stack.opsUrl}/health/live`)).status).toBe(200);
    // The ops port serves nothing else: no API, no SPA.
    expect((await fetch(`${stack.opsUrl}/graphql`, { method: 'POST' })).status).toBe(404);
  });
});
