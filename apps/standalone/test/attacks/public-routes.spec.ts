import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authService } from '@memoreel/auth';
import { mediaService } from '@memoreel/media';
import { InProcessBus } from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { sharingService } from '@memoreel/sharing';
import { uniqueNamespace } from '@memoreel/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayStack, startGatewayStack } from '../gateway-stack.js';
import { guestSession } from '../guest-session.js';

/**
 * Issue 31 §4: the public HTTP routes (/v, /og, /shared-upload, /storage, /auth) under a flood from
 * one address, and the share page's cache: what an attacker (or a crowd on one link) costs the
 * services behind the gateway. Budgets are made small here; their real sizes are in gateway.limits.ts.
 */

const SHELL = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<title>Memoreel</title></head><body><div id="root"></div></body></html>`;
const BUDGET = 5;
const RATE_LIMITED = { error_code: 'RATE_LIMITED', msg: 'Too many requests. Please try again later.' };

describe('public routes under a flood (attack suite)', () => {
  let stack: GatewayStack;
  let webDistDir: string;
  /** Every request the services were sent over the bus, by subject, since the last reset. */
  let busRequests: string[] = [];
  let lastAddress = 0;
  /** A fresh client address (the gateway believes X-Forwarded-For from loopback, as from its ingress). */
  const address = () => `198.51.100.${++lastAddress}`;
  const from = (ip: string, headers: Record<string, string> = {}) => ({ 'x-forwarded-for': ip, ...headers });

  beforeAll(async () => {
    webDistDir = mkdtempSync(join(tmpdir(), 'memoreel-web-'));
    writeFileSync(join(webDistDir, 'index.html'), SHELL);
    // Refilled over an hour: no token comes back during a burst, however slow the machine.
    const small = { capacity: BUDGET, periodSeconds: 3600 };
    stack = await startGatewayStack({
      name: 'attack-public-routes',
      services: [authService, projectsService, mediaService, sharingService],
      localStorage: true,
      webDistDir,
      requestBudgets: {
        sharePagesPerIp: small,
        sharedUploadPagesPerIp: small,
        storagePerIp: small,
        authPerIp: { capacity: 40, periodSeconds: 3600 },
      },
      bus: async () => {
        const bus = new InProcessBus({ namespace: uniqueNamespace('attack-public-routes') });
        const request = bus.request.bind(bus);
        bus.request = (subject, payload, options) => {
          busRequests.push(subject);
          return request(subject, payload, options);
        };
        return bus;
      },
    });
  });

  afterAll(async () => {
    await stack?.close();
    if (webDistDir) rmSync(webDistDir, { recursive: true, force: true });
  });

  async function graphql(query: string, variables: Record<string, unknown>, headers: Record<string, string>) {
    const response = await fetch(`${stack.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: fields are asserted where used
    return (await response.json()) as { data?: any; errors?: unknown[] };
  }

  /** A guest (from its own address) with a shared project. */
  async function share(title: string) {
    const ip = address();
    const auth = from(ip, { authorization: `Bearer ${await guestSession(stack.baseUrl, from(ip))}` });
    const created = await graphql('mutation { createInitialProject { project { id } } }', {}, auth);
    const made = await graphql(
      'mutation ($p: ID!, $s: ShareSettingsInput!) { createShare(projectId: $p, settings: $s) { id } }',
      { p: created.data.createInitialProject.project.id, s: { shareTitle: title } },
      auth,
    );
    return { auth, id: made.data.createShare.id as string };
  }

  it('answers 429 with Retry-After once one address spent its budget on /v and /og; another address is still served', async () => {
    const { id } = await share('A flooded page');
    const attacker = address();
    const statuses: number[] = [];
    for (let i = 0; i < BUDGET + 3; i++)
      statuses.push((await fetch(`${stack.baseUrl}/v/${id}`, { headers: from(attacker) })).status);
    expect(statuses).toEqual([...Array(BUDGET).fill(200), 429, 429, 429]);

    const refused = await fetch(`${stack.baseUrl}/og/${id}.jpg`, { headers: from(attacker) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual(RATE_LIMITED);

    // Made-up ids cost the budget too, and are refused before any lookup.
    busRequests = [];
    const made = await fetch(`${stack.baseUrl}/v/00000000-0000-4000-8000-00000000dead`, {
      headers: from(attacker),
    });
    expect(made.status).toBe(429);
    expect(busRequests).toEqual([]);

    const visitor = address();
    expect((await fetch(`${stack.baseUrl}/v/${id}`, { headers: from(visitor) })).status).toBe(200);
    expect((await fetch(`${stack.baseUrl}/og/${id}.jpg`, { headers: from(visitor) })).status).toBe(200);
  });

  it('meters /shared-upload, the storage route and /auth per address as well', async () => {
    const attacker = address();
    const burst = async (path: string, times: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < times; i++)
        statuses.push((await fetch(`${stack.baseUrl}${path}`, { headers: from(attacker) })).status);
      return statuses;
    };
    const upload = await burst('/shared-upload/00000000-0000-4000-8000-000000000000', BUDGET + 1);
    expect(upload.slice(0, BUDGET).every((status) => status === 200)).toBe(true);
    expect(upload[BUDGET]).toBe(429);
    const storage = await burst('/storage/photos/nothing-here.jpg', BUDGET + 1);
    expect(storage.slice(0, BUDGET).every((status) => status !== 429)).toBe(true);
    expect(storage[BUDGET]).toBe(429);
    const auth = await burst('/auth/v1/bot-check/challenge', 41);
    expect(auth.slice(0, 40).every((status) => status === 200)).toBe(true);
    expect(auth[40]).toBe(429);
    // The server still answers everyone else.
    expect(
      (await fetch(`${stack.baseUrl}/auth/v1/bot-check/challenge`, { headers: from(address()) })).status,
    ).toBe(200);
  });

  it('answers the preview image from its cache with no bus request, and 304 for what the client has', async () => {
    const { id } = await share('Cached preview');
    const visitor = address();
    const page = await (await fetch(`${stack.baseUrl}/v/${id}`, { headers: from(visitor) })).text();
    const imageUrl = /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1] as string;
    expect(imageUrl).toMatch(new RegExp(`/og/${id}\\.jpg\\?v=`));
    const first = await fetch(imageUrl, { headers: from(visitor) });
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());

    busRequests = [];
    const again = await fetch(imageUrl, { headers: from(visitor) });
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(busRequests).toEqual([]);

    const image304 = await fetch(imageUrl, {
      headers: from(visitor, { 'if-none-match': first.headers.get('etag') as string }),
    });
    expect(image304.status).toBe(304);
    const pageAgain = await fetch(`${stack.baseUrl}/v/${id}`, { headers: from(address()) });
    const etag = pageAgain.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    const page304 = await fetch(`${stack.baseUrl}/v/${id}`, {
      headers: from(address(), { 'if-none-match': etag }),
    });
    expect(page304.status).toBe(304);
    expect(busRequests).toEqual([]);
  });

  it('keeps the page data briefly (a crowd costs one lookup) and drops it when the share changes', async () => {
    const { auth, id } = await share('Before the change');
    busRequests = [];
    const crowd = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${stack.baseUrl}/v/${id}`, { headers: from(address()) })),
    );
    expect(crowd.every((response) => response.status === 200)).toBe(true);
    expect(busRequests.filter((subject) => subject === 'sharing.video.get')).toHaveLength(1);

    const changed = await graphql(
      'mutation ($id: ID!) { updateShare(id: $id, settings: { shareTitle: "After the change" }) { id } }',
      { id },
      auth,
    );
    expect(changed.errors).toBeUndefined();
    const html = await (await fetch(`${stack.baseUrl}/v/${id}`, { headers: from(address()) })).text();
    expect(html).toContain('After the change');
    expect(html).not.toContain('Before the change');

    const page = await (await fetch(`${stack.baseUrl}/v/${id}`, { headers: from(address()) })).text();
    const imageUrl = /<meta property="og:image" content="([^"]+)"/.exec(page)?.[1] as string;
    const rendered = Buffer.from(await (await fetch(imageUrl, { headers: from(address()) })).arrayBuffer());

    await graphql('mutation ($id: ID!) { deleteShare(id: $id) { id } }', { id }, auth);
    expect((await fetch(`${stack.baseUrl}/v/${id}`, { headers: from(address()) })).status).toBe(404);
    // The deleted share's preview is not served from the cache any more: the site's default instead.
    const after = Buffer.from(await (await fetch(imageUrl, { headers: from(address()) })).arrayBuffer());
    expect(after.equals(rendered)).toBe(false);
  });
});
