import { authService } from '@memoreel/auth';
import { projectsService } from '@memoreel/projects';
import { sharingService } from '@memoreel/sharing';
import { eventually, solveBotCheck } from '@memoreel/testing';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { useGatewayStack } from '../gateway-stack.js';
import { guestClient } from './guest-client.js';

/**
 * Issue 31, item 10: an admin may edit or delete anyone's share (support), and every such change is
 * in the admin audit log — who, which share, what changed — while an owner's own edit is not.
 */

const ADMIN_EMAIL = 'support@example.com';
const PASSWORD = 'Correct-horse-9';

type AuditEntry = {
  action: string;
  adminUserId: string;
  adminEmail: string | null;
  targetUserId: string;
  targetProjectId: string | null;
  details: { name: string; value: string }[];
};
const AUDIT_LOG = `query ($userId: ID) {
  adminAuditLog(userId: $userId) {
    action adminUserId adminEmail targetUserId targetProjectId details { name value }
  }
}`;
const UPDATE_SHARE = `mutation ($id: ID!, $settings: ShareSettingsInput!) {
  updateShare(id: $id, settings: $settings) { id shareTitle }
}`;

let client: ReturnType<typeof guestClient>;
let admin: { id: string; token: string };

/** A confirmed account listed in ADMIN_EMAILS, signed in with its password: an admin session. */
async function adminSession(baseUrl: string): Promise<{ id: string; token: string }> {
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify(body),
    });
  const botCheck = await solveBotCheck(await (await fetch(`${baseUrl}/auth/v1/bot-check/challenge`)).json());
  const signedUp = await post('/auth/v1/signup', { email: ADMIN_EMAIL, password: PASSWORD, botCheck });
  expect(signedUp.status).toBe(200);
  const { user } = (await signedUp.json()) as { user: { id: string } };
  // The confirmation mail's link is another spec's subject: confirm the address in auth's table.
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query('UPDATE auth.users SET email_confirmed_at = now() WHERE id = $1', [user.id]);
  } finally {
    await db.end();
  }
  const signedIn = await post('/auth/v1/token?grant_type=password', {
    email: ADMIN_EMAIL,
    password: PASSWORD,
  });
  expect(signedIn.status).toBe(200);
  return { id: user.id, token: ((await signedIn.json()) as { accessToken: string }).accessToken };
}

/** A guest with a project and a share of it. */
async function ownerWithShare() {
  const token = await client.guestSession();
  const projectId = await client.projectOf(token);
  const share = await client.ok<{ id: string }>(
    `mutation ($projectId: ID!, $settings: ShareSettingsInput!) {
      createShare(projectId: $projectId, settings: $settings) { id }
    }`,
    { projectId, settings: { shareTitle: 'Our trip', message: 'Hello all' } },
    token,
  );
  const me = await client.ok<{ id: string }>('query { me { id } }', {}, token);
  return { token, projectId, shareId: share.id, userId: me.id };
}

const auditOf = (userId: string) =>
  client
    .ok<AuditEntry[]>(AUDIT_LOG, { userId }, admin.token)
    .then((entries) => entries.filter((entry) => entry.action.startsWith('share.')));

const stack = useGatewayStack({
  name: 'adminaudit',
  services: [authService, projectsService, sharingService],
  env: { auth: { ADMIN_EMAILS: ADMIN_EMAIL } },
});
beforeAll(async () => {
  client = guestClient(stack.baseUrl);
  admin = await adminSession(stack.baseUrl);
}, 60_000);

describe("an admin's edit of someone else's share", () => {
  it('is in the audit log: the admin, the share and what changed', async () => {
    const owner = await ownerWithShare();

    const edited = await client.ok<{ shareTitle: string }>(
      UPDATE_SHARE,
      { id: owner.shareId, settings: { shareTitle: 'Removed by support', message: 'Hello all' } },
      admin.token,
    );

    expect(edited.shareTitle).toBe('Removed by support');
    const entries = await eventually(async () => {
      const found = await auditOf(owner.userId);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(entries[0]).toMatchObject({
      action: 'share.updated',
      adminUserId: admin.id,
      adminEmail: ADMIN_EMAIL,
      targetUserId: owner.userId,
      targetProjectId: owner.projectId,
    });
    // Stored as JSON: the details come back in the database's key order.
    expect(Object.fromEntries(entries[0]?.details.map(({ name, value }) => [name, value]) ?? [])).toEqual({
      shareId: owner.shareId,
      'shareTitle.from': 'Our trip',
      'shareTitle.to': 'Removed by support',
    });
  });

  it("logs an admin's deletion, and nothing of the owner's own edits", async () => {
    const owner = await ownerWithShare();
    await client.ok(
      UPDATE_SHARE,
      { id: owner.shareId, settings: { shareTitle: 'Our trip, day 2', message: 'Hello all' } },
      owner.token,
    );

    await client.ok(
      'mutation ($id: ID!) { deleteShare(id: $id) { id } }',
      { id: owner.shareId },
      admin.token,
    );

    const entries = await eventually(async () => {
      const found = await auditOf(owner.userId);
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect(entries.map((entry) => entry.action)).toEqual(['share.deleted']);
    expect(entries[0]).toMatchObject({ adminUserId: admin.id, targetUserId: owner.userId });
    expect(entries[0]?.details).toEqual([{ name: 'shareId', value: owner.shareId }]);
  });
});
