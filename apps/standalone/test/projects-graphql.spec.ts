import { createHmac, randomUUID } from 'node:crypto';
import { authService } from '@memoreel/auth';
import { billingService } from '@memoreel/billing';
import { mediaService } from '@memoreel/media';
import { projectsService } from '@memoreel/projects';
import { describe, expect, it } from 'vitest';
import type { MailCatcher } from '../src/mail-catcher.js';
import { guestClient } from './attacks/guest-client.js';
import { useGatewayStack } from './gateway-stack.js';

/**
 * The projects and billing GraphQL operations end to end: the gateway with real access tokens
 * from the auth service, the projects and billing services, and media (the cards' photos), on a
 * test database and one bus.
 */

const WEBHOOK_SECRET = 'whsec_projects_graphql_test';

type GraphQLResult = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions: { code: string } }[];
};

describe('projects and billing over GraphQL (auth + projects + billing + media + gateway)', () => {
  const stack = useGatewayStack({
    name: 'projects-gql',
    services: [authService, projectsService, billingService, mediaService],
    env: { billing: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } },
    mail: true,
    localStorage: true,
  });

  async function post(path: string, body: unknown, token?: string): Promise<Response> {
    return fetch(`${stack.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  }

  async function graphql(query: string, variables: Record<string, unknown> = {}, token?: string) {
    return (await (await post('/graphql', { query, variables }, token)).json()) as GraphQLResult;
  }

  /** Fails the test on any GraphQL error; returns the data. */
  async function ok(query: string, variables: Record<string, unknown>, token: string) {
    const result = await graphql(query, variables, token);
    expect(result.errors).toBeUndefined();
    return result.data as Record<string, unknown>;
  }

  function errorOf(result: GraphQLResult) {
    const [error] = result.errors ?? [];
    return { code: error?.extensions.code, message: error?.message };
  }

  /** Sessions as the browser gets them: a guest's, or a confirmed account's (sign-up, then the mailed code). */
  const guestSession = () => guestClient(stack.baseUrl).guestSession();
  const accountSession = () => guestClient(stack.baseUrl).accountSession(stack.mail as MailCatcher);

  const PROJECT =
    'id name product userId createdAt updatedAt videoSettings { durationPerPhoto transition width height music { type selection customPath timelineTracks { id } } }';

  it('answers a caller without a session with "Authentication required", and shows prices to anyone', async () => {
    for (const query of [
      '{ projects { id } }',
      '{ projectCount { count } }',
      'mutation { createInitialProject { created } }',
    ]) {
      expect(errorOf(await graphql(query))).toEqual({
        code: 'UNAUTHORIZED',
        message: 'Authentication required',
      });
    }
    const prices = await graphql('{ productPrices { productId name priceCents features } }');
    expect(prices.errors).toBeUndefined();
    expect(prices.data?.productPrices).toEqual([
      expect.objectContaining({ productId: 'free', name: 'FREE', priceCents: 0 }),
      expect.objectContaining({ productId: 'remember', name: 'Remember', priceCents: 1900 }),
      expect.objectContaining({ productId: 'honor', name: 'Honor', priceCents: 3900 }),
      expect.objectContaining({ productId: 'cherish', name: 'Cherish', priceCents: 5900 }),
    ]);
  });

  it('gives a new guest session its first project once, and lists it', async () => {
    const token = await guestSession();
    const first = await ok(`mutation { createInitialProject { created project { ${PROJECT} } } }`, {}, token);
    const again = await ok('mutation { createInitialProject { created project { id } } }', {}, token);
    const initial = first.createInitialProject as { created: boolean; project: { id: string } };
    expect(initial).toMatchObject({
      created: true,
      project: {
        name: 'My First Project',
        product: 'free',
        videoSettings: {
          durationPerPhoto: 3,
          transition: 'fade-to-black',
          width: 1920,
          height: 1080,
          music: { type: 'default', selection: 'peaceful', customPath: null, timelineTracks: [] },
        },
      },
    });
    expect(again.createInitialProject).toEqual({ created: false, project: { id: initial.project.id } });

    const listed = await ok(
      '{ projects { id name photos { id } photoCount videos { id } } projectCount { count limit } }',
      {},
      token,
    );
    expect(listed).toEqual({
      projects: [{ id: initial.project.id, name: 'My First Project', photos: [], photoCount: 0, videos: [] }],
      projectCount: { count: 1, limit: 10 },
    });
  });

  it('creates, renames, edits the video settings of and deletes a project, for its owner only', async () => {
    const token = await guestSession();
    const other = await guestSession();
    const invalid = await graphql('mutation { createProject(name: "Tom & Jerry") { id } }', {}, token);
    expect(errorOf(invalid)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Project name contains invalid characters',
    });

    const { createProject } = await ok(
      'mutation { createProject(name: "  Summer 2026 ") { id name } }',
      {},
      token,
    );
    const { id } = createProject as { id: string; name: string };
    expect(createProject).toEqual({ id, name: 'Summer 2026' });

    const { renameProject } = await ok(
      'mutation ($id: ID!) { renameProject(id: $id, name: "Summer by the sea") { name } }',
      { id },
      token,
    );
    expect(renameProject).toEqual({ name: 'Summer by the sea' });

    const track = {
      id: 't1',
      storage_path: 'music/peaceful.mp3',
      startTime: 0,
      duration: 30,
      instanceId: 'i1',
    };
    const { updateVideoSettings } = await ok(
      `mutation ($id: ID!, $settings: VideoSettingsInput!) { updateVideoSettings(id: $id, settings: $settings) { ${PROJECT} } }`,
      { id, settings: { durationPerPhoto: 4.5, music: { timelineTracks: [track] } } },
      token,
    );
    expect(updateVideoSettings).toMatchObject({
      videoSettings: {
        durationPerPhoto: 4.5,
        transition: 'fade-to-black',
        music: { timelineTracks: [{ id: 't1' }] },
      },
    });
    const outOfRange = await ok(
      'mutation ($id: ID!) { updateVideoSettings(id: $id, settings: { durationPerPhoto: 60 }) { videoSettings { durationPerPhoto } } }',
      { id },
      token,
    );
    expect(outOfRange.updateVideoSettings).toEqual({ videoSettings: { durationPerPhoto: 3 } });

    for (const [query, variables] of [
      ['query ($id: ID!) { project(id: $id) { id } }', { id }],
      ['mutation ($id: ID!) { renameProject(id: $id, name: "Mine now") { id } }', { id }],
      ['mutation ($id: ID!) { deleteProject(id: $id) { id } }', { id }],
      ['query ($id: ID!) { upgradeOptions(projectId: $id) { currentTier } }', { id }],
      [
        'mutation ($id: ID!) { updateVideoSettings(id: $id, settings: { durationPerPhoto: 5 }) { id } }',
        { id },
      ],
    ] as const) {
      expect(errorOf(await graphql(query, variables, other))).toEqual({
        code: 'NOT_FOUND',
        message: 'Project not found',
      });
    }

    // What the other user tried changed nothing, and their own list does not show it.
    expect(
      await ok(
        'query ($id: ID!) { project(id: $id) { name videoSettings { durationPerPhoto } } }',
        { id },
        token,
      ),
    ).toEqual({
      project: { name: 'Summer by the sea', videoSettings: { durationPerPhoto: 3 } },
    });
    expect(await ok('query { projects { id } }', {}, other)).toEqual({ projects: [] });

    expect(await ok('mutation ($id: ID!) { deleteProject(id: $id) { id } }', { id }, token)).toEqual({
      deleteProject: { id },
    });
    expect(errorOf(await graphql('query ($id: ID!) { project(id: $id) { id } }', { id }, token))).toEqual({
      code: 'NOT_FOUND',
      message: 'Project not found',
    });
  });

  it('stops at 10 projects with the limit message', async () => {
    const token = await guestSession();
    for (let i = 1; i <= 10; i += 1) {
      await ok(
        'mutation ($name: String!) { createProject(name: $name) { id } }',
        { name: `Project ${i}` },
        token,
      );
    }
    const eleventh = await graphql('mutation { createProject(name: "One too many") { id } }', {}, token);
    expect(errorOf(eleventh)).toEqual({
      code: 'project_limit_reached',
      message:
        'You have reached the limit of 10 projects. Please delete an existing project to create a new one.',
    });
  });

  it('offers upgrades, refuses purchases while they are off, and raises the tier after a paid webhook', async () => {
    const guestToken = await guestSession();
    const guestProject = (await ok('mutation { createInitialProject { project { id } } }', {}, guestToken))
      .createInitialProject as { project: { id: string } };
    const purchase =
      'mutation ($projectId: ID!, $productId: String!) { purchaseUpgrade(projectId: $projectId, productId: $productId) { url } }';
    expect(
      errorOf(
        await graphql(purchase, { projectId: guestProject.project.id, productId: 'honor' }, guestToken),
      ),
    ).toEqual({ code: 'account_required', message: 'Please create an account to purchase upgrades' });

    const token = await accountSession();
    const { createProject } = await ok(
      'mutation { createProject(name: "Grandpa Joe") { id userId } }',
      {},
      token,
    );
    const project = createProject as { id: string; userId: string };
    const options =
      'query ($id: ID!) { upgradeOptions(projectId: $id) { currentTier upgradeOptions { productId } } }';
    expect(await ok(options, { id: project.id }, token)).toEqual({
      upgradeOptions: {
        currentTier: 'free',
        upgradeOptions: [{ productId: 'remember' }, { productId: 'honor' }, { productId: 'cherish' }],
      },
    });
    expect(errorOf(await graphql(purchase, { projectId: project.id, productId: 'honor' }, token))).toEqual({
      code: 'purchases_disabled',
      message: 'Purchasing upgrades will be available soon! Please check back later.',
    });

    // The payment provider's webhook, through the gateway's HTTP route (raw body, signature header).
    const payload = JSON.stringify({
      id: 'evt_test_1',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_test_${randomUUID()}`,
          payment_status: 'paid',
          amount_total: 3900,
          currency: 'usd',
          metadata: { projectId: project.id, userId: project.userId, productId: 'honor' },
        },
      },
    });
    const timestamp = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${timestamp}.${payload}`).digest('hex');
    const webhook = (signature: string) =>
      fetch(`${stack.baseUrl}/billing/v1/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
    const tampered = await webhook(`t=${timestamp},v1=${'0'.repeat(64)}`);
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ error_code: 'invalid_signature' });
    const accepted = await webhook(`t=${timestamp},v1=${v1}`);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ received: true });

    for (let attempt = 0; attempt < 100; attempt += 1) {
      const current = (await ok(options, { id: project.id }, token)).upgradeOptions as {
        currentTier: string;
      };
      if (current.currentTier === 'honor') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await ok(options, { id: project.id }, token)).toEqual({
      upgradeOptions: { currentTier: 'honor', upgradeOptions: [{ productId: 'cherish' }] },
    });
    expect(await ok('query ($id: ID!) { project(id: $id) { product } }', { id: project.id }, token)).toEqual({
      project: { product: 'honor' },
    });
  });

  it('refuses, in every service, an access token whose session has ended (not only in auth)', async () => {
    const token = await accountSession();
    await ok('mutation { createProject(name: "Before sign-out") { id } }', {}, token);

    const signedOut = await post('/auth/v1/logout', undefined, token);
    expect(signedOut.status).toBe(204);

    // The token itself is still well signed and unexpired; the projects service knows its session ended.
    expect(errorOf(await graphql('query { projects { id } }', {}, token))).toEqual({
      code: 'session_not_found',
      message: 'Session not found',
    });
  });
});
