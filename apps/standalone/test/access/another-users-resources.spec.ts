import { randomUUID } from 'node:crypto';
import { authService } from '@memoreel/auth';
import { billingService } from '@memoreel/billing';
import {
  type Actor,
  getPhotoEdit,
  getRenderProgress,
  photoEditChanged,
  renderProgressChanged,
} from '@memoreel/contracts';
import { FIRST_PROJECT_NAME } from '@memoreel/domain';
import { mediaService } from '@memoreel/media';
import { BusClient } from '@memoreel/platform';
import { projectsService } from '@memoreel/projects';
import { renderService } from '@memoreel/render';
import { sharingService } from '@memoreel/sharing';
import { eventually } from '@memoreel/testing';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { MailCatcher } from '../../src/mail-catcher.js';
import { guestClient } from '../attacks/guest-client.js';
import { type GatewayStack, startGatewayStack } from '../gateway-stack.js';
import { ADMIN_ONLY, ATTACKS, LIVE, NOT_A_USERS_RESOURCE, NOT_FOUND, type Target } from './operations.js';

/**
 * Issue 33, the access rule: to anyone but its owner a project, photo, render, share, upload link or
 * photo edit does not exist. User B (an account) tries every GraphQL operation on user A's (a guest's),
 * through the gateway as a script would, and hears what an id naming nothing gets: NOT_FOUND with
 * the resource's own message. The operations come from the gateway's schema, so one added later that
 * takes an id fails here until operations.ts says what the rule is for it.
 */

let stack: GatewayStack;
let api: ReturnType<typeof guestClient>;
/** User A: a guest session owning one of everything. */
let owner: { token: string; actor: Actor; target: Target };
/** User B: a confirmed account (purchases ask for one before they look at the project). */
let intruder: string;

const randomTarget = (): Target => ({
  projectId: randomUUID(),
  photoId: randomUUID(),
  renderId: randomUUID(),
  shareId: randomUUID(),
  linkId: randomUUID(),
  editId: randomUUID(),
});

/** A's project on a paid plan (renders and AI edits need one), two photos, a link, a share, an edit, a render. */
async function ownerWithEverything() {
  const token = await api.guestSession();
  const me = await api.ok<{ id: string }>('query { me { id } }', {}, token);
  const { projectId, photoIds } = await api.paidProjectWithPhotos(stack.bus, token, 2);
  const [photoId] = photoIds;
  const link = await api.ok<{ id: string }>(
    'mutation ($projectId: ID!) { createFriendLink(input: { projectId: $projectId }) { id } }',
    { projectId },
    token,
  );
  const share = await api.ok<{ id: string }>(
    'mutation ($projectId: ID!) { createShare(projectId: $projectId, settings: { shareTitle: "Ours" }) { id } }',
    { projectId },
    token,
  );
  // The tier and the photos' derivatives reach media and render shortly after.
  const edit = await eventually(
    () =>
      api.ok<{ id: string }>(
        'mutation ($photoId: ID!) { startPhotoEdit(photoId: $photoId, kind: ENHANCE) { id } }',
        { photoId },
        token,
      ),
    30_000,
  );
  const render = await eventually(
    () =>
      api.ok<{ renderId: string }>(
        'mutation ($projectId: ID!) { startRender(projectId: $projectId) { renderId } }',
        { projectId },
        token,
      ),
    30_000,
  );
  const target: Target = {
    projectId,
    photoId: photoId as string,
    renderId: render.renderId,
    shareId: share.id,
    linkId: link.id,
    editId: edit.id,
  };
  return { token, actor: { userId: me.id, role: 'user', isAnonymous: true } satisfies Actor, target };
}

beforeAll(async () => {
  stack = await startGatewayStack({
    name: 'access-rule',
    services: [authService, projectsService, mediaService, sharingService, billingService, renderService],
    // Purchases on, so a purchase is refused for the project and not for the switch.
    env: { billing: { PURCHASES_ENABLED: 'true', STRIPE_SECRET_KEY: 'sk_test_access_rule' } },
    localStorage: true,
    mail: true,
    introspection: true,
  });
  api = guestClient(stack.baseUrl);
  owner = await ownerWithEverything();
  intruder = await api.accountSession(stack.mail as MailCatcher);
}, 120_000);
afterAll(() => stack?.close());

const TYPE = 'kind name ofType { kind name ofType { kind name ofType { kind name } } }';
type TypeRef = { kind: string; name: string | null; ofType: TypeRef | null };
type Field = { name: string; type: TypeRef };
type SchemaType = {
  kind: string;
  name: string;
  fields: (Field & { args: Field[] })[] | null;
  inputFields: Field[] | null;
};

const named = (type: TypeRef): TypeRef => (type.ofType ? named(type.ofType) : type);

/** Every operation (`Type.field`) with an ID among its arguments, input objects included, read from the schema. */
async function operationsTakingIds(): Promise<string[]> {
  const response = await fetch(`${stack.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: `{ __schema { types { kind name fields { name args { name type { ${TYPE} } } } inputFields { name type { ${TYPE} } } } } }`,
    }),
  });
  const { data } = (await response.json()) as { data: { __schema: { types: SchemaType[] } } };
  const types = new Map(data.__schema.types.map((type) => [type.name, type]));
  const takesId = (type: TypeRef, seen: Set<string>): boolean => {
    const base = named(type);
    if (base.name === 'ID') return true;
    if (base.kind !== 'INPUT_OBJECT' || !base.name || seen.has(base.name)) return false;
    seen.add(base.name);
    return (types.get(base.name)?.inputFields ?? []).some((field) => takesId(field.type, seen));
  };
  return ['Query', 'Mutation', 'Subscription'].flatMap((root) =>
    (types.get(root)?.fields ?? [])
      .filter((field) => field.args.some((arg) => takesId(arg.type, new Set())))
      .map((field) => `${root}.${field.name}`),
  );
}

describe('the access rule over every operation', () => {
  it('knows every operation that takes an id, and only those', async () => {
    const inSchema = await operationsTakingIds();
    const tables = [ATTACKS, LIVE, ADMIN_ONLY, NOT_A_USERS_RESOURCE].flatMap((table) => Object.keys(table));
    expect(inSchema.filter((operation) => !tables.includes(operation))).toEqual([]);
    expect(tables.filter((operation) => !inSchema.includes(operation))).toEqual([]);
    expect(new Set(tables).size).toBe(tables.length);
  });

  it.each(Object.entries(ATTACKS))(
    "%s on another user's resource answers as for a random id",
    async (_operation, attack) => {
      const answer = async (target: Target) => {
        const { data, errors } = await api.graphql(attack.query, attack.variables(target), intruder);
        if (attack.perItem) return Object.values(data ?? {})[0];
        return { code: errors?.[0]?.extensions.code, message: errors?.[0]?.message };
      };
      const theirs = await answer(owner.target);
      const message = NOT_FOUND[attack.resource];
      expect(theirs).toEqual(attack.perItem ? [{ error: message }] : { code: 'NOT_FOUND', message });
      expect(theirs).toEqual(await answer(randomTarget()));
    },
  );

  it.each(Object.entries(ADMIN_ONLY))('%s stays an admin gate: FORBIDDEN', async (_operation, call) => {
    const refused = await api.refused(call.query, call.variables(owner.target), intruder);
    expect(refused.code).toBe('FORBIDDEN');
  });

  it.each(Object.entries(LIVE))(
    "%s pushes the owner's changes to the owner only",
    async (operation, subscription) => {
      const pushed = { owner: 0, intruder: 0 };
      const url = `${stack.baseUrl.replace('http', 'ws')}/graphql`;
      const clients = (['intruder', 'owner'] as const).map((who) => {
        const client = createClient({
          url,
          webSocketImpl: WebSocket,
          retryAttempts: 0,
          connectionParams: { authorization: `Bearer ${who === 'owner' ? owner.token : intruder}` },
        });
        client.subscribe(
          { query: subscription.query, variables: subscription.variables(owner.target) },
          { next: () => (pushed[who] += 1), error: () => {}, complete: () => {} },
        );
        return client;
      });
      try {
        const push = await livePush(operation);
        // The owner's socket hears the change once its subscription is on the bus; the intruder's never does.
        await eventually(async () => {
          await push();
          expect(pushed.owner).toBeGreaterThan(0);
        }, 10_000);
        await push();
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(pushed.intruder).toBe(0);
      } finally {
        for (const client of clients) await client.dispose();
      }
    },
  );

  it("leaves the owner's resources as they were", async () => {
    const { token, target } = owner;
    const project = await api.ok<{ name: string; product: string }>(
      'query ($id: ID!) { project(id: $id) { name product } }',
      { id: target.projectId },
      token,
    );
    expect(project).toEqual({ name: FIRST_PROJECT_NAME, product: 'remember' });
    const photos = await api.ok<{ id: string; filter: string }[]>(
      'query ($projectId: ID!) { photos(projectId: $projectId) { id filter } }',
      { projectId: target.projectId },
      token,
    );
    expect(photos).toHaveLength(2);
    expect(photos.map((photo) => photo.filter)).toEqual(['none', 'none']);
    const share = await api.ok<{ shareTitle: string }>(
      'query ($projectId: ID!) { projectShare(projectId: $projectId) { shareTitle } }',
      { projectId: target.projectId },
      token,
    );
    expect(share.shareTitle).toBe('Ours');
    const links = await api.ok<{ id: string; isActive: boolean }[]>(
      'query ($projectId: ID!) { friendLinks(projectId: $projectId) { id isActive } }',
      { projectId: target.projectId },
      token,
    );
    expect(links).toEqual([{ id: target.linkId, isActive: true }]);
    const edit = await api.ok<{ status: string }>(
      'query ($id: ID!) { photoEdit(id: $id) { status } }',
      { id: target.editId },
      token,
    );
    expect(edit.status).not.toMatch(/DISCARDED|APPLIED/);
  });
});

/** Publishes the owner's resource as it is now on the live subject the subscription listens to. */
async function livePush(operation: string): Promise<() => Promise<void>> {
  const bus = new BusClient(stack.bus);
  const { actor, target } = owner;
  if (operation === 'Subscription.renderProgress') {
    const progress = await bus.request(getRenderProgress, actor, { renderId: target.renderId });
    return () => bus.publishLive(renderProgressChanged, progress);
  }
  const edit = await bus.request(getPhotoEdit, actor, { id: target.editId });
  return () => bus.publishLive(photoEditChanged, edit);
}
