import { randomUUID } from 'node:crypto';
import {
  type Actor,
  adminUserMessages,
  authErrorCodes,
  authMessages,
  authOverview,
  listAdminAuditLog,
  listUsersForAdmin,
  overviewMessages,
  projectTierChanged,
  refreshSession,
  setUserSignInDisabled,
  shareDeleted,
  shareUpdated,
  updateUser,
} from '@memoreel/contracts';
import { buildEvent } from '@memoreel/platform';
import { actors, eventually } from '@memoreel/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { aClient, actorOf, GUEST_ACTOR, useAuth } from '../../test/auth-harness.js';

const auth = useAuth();
let admin: Actor;
let adminEmail: string;
beforeAll(async () => {
  const signedUp = await auth.signedUpUser();
  adminEmail = signedUp.email;
  await auth.db.userRole.create({ data: { userId: signedUp.session.user.id, role: 'admin' } });
  admin = actorOf(await auth.signIn(adminEmail));
});

describe('Manage Users: who may', () => {
  it('refuses everyone but an admin, for every operation', async () => {
    const { actor: user } = await auth.signedUpUser();
    const guest = actorOf(await auth.guestSession());
    for (const caller of [user, guest, GUEST_ACTOR]) {
      for (const [contract, data] of [
        [listUsersForAdmin, {}],
        [setUserSignInDisabled, { userId: user.userId!, disabled: true }],
        [listAdminAuditLog, {}],
      ] as const) {
        const error = await auth.failure(contract as typeof listUsersForAdmin, caller, data as object);
        expect(error).toMatchObject({ code: 'FORBIDDEN', message: adminUserMessages.adminRequired });
      }
      const overview = await auth.failure(authOverview, caller, {});
      expect(overview).toMatchObject({ code: 'FORBIDDEN', message: overviewMessages.adminRequired });
    }
  });

  it('refuses an admin whose session has ended', async () => {
    const ended = { ...admin, sessionId: randomUUID() };
    expect((await auth.failure(listUsersForAdmin, ended, {})).code).toBe(authErrorCodes.sessionNotFound);
  });
});

describe('Manage Users: the list', () => {
  it('pages through users newest first, with role, guest flag and last sign-in', async () => {
    const first = await auth.signedUpUser();
    const second = await auth.signedUpUser();
    const page = await auth.request(listUsersForAdmin, admin, { page: 1, pageSize: 2 });
    expect(page).toMatchObject({ page: 1, pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.users.map((u) => u.email)).toEqual([second.email, first.email]);
    expect(page.users[0]).toMatchObject({
      id: second.session.user.id,
      isAnonymous: false,
      roles: [],
      disabledAt: null,
    });
    expect(page.users[0]?.lastSignInAt).not.toBeNull();

    const next = await auth.request(listUsersForAdmin, admin, { page: 2, pageSize: 2 });
    expect(next.users.map((u) => u.id)).not.toContain(second.session.user.id);
    const all = await auth.request(listUsersForAdmin, admin, { pageSize: 100 });
    expect(all.users.find((u) => u.email === adminEmail)?.roles).toEqual(['admin']);
    expect(all.users.some((u) => u.isAnonymous && u.email === null)).toBe(true);
  });

  it('finds users by part of the e-mail or the name, case-insensitively, with LIKE wildcards taken literally', async () => {
    const tag = randomUUID().slice(0, 6);
    const byEmail = await auth.signedUpUser(`Finder_${tag}@example.com`.toLowerCase());
    const byName = await auth.signedUpUser();
    await auth.request(updateUser, byName.actor, { client: aClient(), fullName: `Rosa ${tag} Parks` });

    const emailHits = await auth.request(listUsersForAdmin, admin, { search: `FINDER_${tag}` });
    expect(emailHits.users.map((u) => u.id)).toEqual([byEmail.session.user.id]);
    expect(emailHits.total).toBe(1);
    const nameHits = await auth.request(listUsersForAdmin, admin, { search: `rosa ${tag}` });
    expect(nameHits.users.map((u) => [u.id, u.fullName])).toEqual([
      [byName.session.user.id, `Rosa ${tag} Parks`],
    ]);
    expect((await auth.request(listUsersForAdmin, admin, { search: '%' })).total).toBe(0);
  });
});

describe('Manage Users: barring sign-in', () => {
  it('ends every session, refuses each way back in with a clear message, and logs who did it', async () => {
    const { email, session, actor } = await auth.signedUpUser();
    const other = await auth.signIn(email);

    const disabled = await auth.request(setUserSignInDisabled, admin, {
      userId: actor.userId!,
      disabled: true,
      reason: 'Chargeback fraud report #42',
    });
    expect(disabled.disabledAt).not.toBeNull();

    for (const old of [session, other]) {
      const refresh = await auth.failure(refreshSession, GUEST_ACTOR, {
        client: aClient(),
        refreshToken: old.refreshToken,
      });
      expect(refresh.code).toBe(authErrorCodes.refreshTokenNotFound);
    }
    const stale = await auth.failure(updateUser, actor, { client: aClient(), fullName: 'Still here?' });
    expect(stale.code).toBe(authErrorCodes.sessionNotFound);
    const refused = await auth.refusedSignIn(email);
    expect(refused).toMatchObject({
      code: authErrorCodes.userDisabled,
      message: authMessages.errors.userDisabled,
    });
    // A wrong password says nothing about the account.
    const guessed = await auth.refusedSignIn(email, 'Wrong-Horse-1');
    expect(guessed.code).toBe(authErrorCodes.invalidCredentials);

    const enabled = await auth.request(setUserSignInDisabled, admin, {
      userId: actor.userId!,
      disabled: false,
    });
    expect(enabled.disabledAt).toBeNull();
    expect((await auth.signIn(email)).user.email).toBe(email);

    const { entries } = await auth.request(listAdminAuditLog, admin, { targetUserId: actor.userId! });
    expect(entries.map((e) => [e.action, e.adminUserId, e.adminEmail, e.details])).toEqual([
      ['user.sign-in-enabled', admin.userId, adminEmail, {}],
      ['user.sign-in-disabled', admin.userId, adminEmail, { reason: 'Chargeback fraud report #42' }],
    ]);
  });

  it('changes nothing and logs nothing when the user is already in that state', async () => {
    const { actor } = await auth.signedUpUser();
    await auth.request(setUserSignInDisabled, admin, { userId: actor.userId!, disabled: false });
    const { entries } = await auth.request(listAdminAuditLog, admin, { targetUserId: actor.userId! });
    expect(entries).toEqual([]);
  });

  it('refuses to bar the admin themselves, another admin, or a user who does not exist', async () => {
    const self = await auth.failure(setUserSignInDisabled, admin, { userId: admin.userId!, disabled: true });
    expect(self).toMatchObject({ code: 'FORBIDDEN', message: adminUserMessages.cannotDisableSelf });

    const other = await auth.signedUpUser();
    await auth.db.userRole.create({ data: { userId: other.session.user.id, role: 'admin' } });
    const peer = await auth.failure(setUserSignInDisabled, admin, {
      userId: other.session.user.id,
      disabled: true,
    });
    expect(peer).toMatchObject({ code: 'FORBIDDEN', message: adminUserMessages.cannotDisableAdmin });

    const missing = await auth.failure(setUserSignInDisabled, admin, {
      userId: randomUUID(),
      disabled: true,
    });
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: adminUserMessages.userNotFound });
  });
});

describe('Manage Users: the audit log of tier changes', () => {
  it("records an admin's tier change once however often it is delivered, and not a purchase's", async () => {
    const owner = (await auth.signedUpUser()).actor;
    const projectId = randomUUID();
    const byAdmin = buildEvent(projectTierChanged, admin, {
      id: projectId,
      userId: owner.userId!,
      from: 'free',
      to: 'honor',
    });
    const byPurchase = buildEvent(projectTierChanged, actors.system(), {
      id: projectId,
      userId: owner.userId!,
      from: 'honor',
      to: 'cherish',
    });
    await auth.bus.publishEvent(projectTierChanged.subject, byAdmin, { msgId: byAdmin.id });
    await auth.bus.publishEvent(projectTierChanged.subject, byAdmin, { msgId: randomUUID() });
    await auth.bus.publishEvent(projectTierChanged.subject, byPurchase, { msgId: byPurchase.id });

    await eventually(async () => {
      const { entries } = await auth.request(listAdminAuditLog, admin, { targetUserId: owner.userId! });
      expect(entries).toHaveLength(1);
    });
    const { entries } = await auth.request(listAdminAuditLog, admin, { targetUserId: owner.userId! });
    expect(entries[0]).toMatchObject({
      id: byAdmin.id,
      action: 'project.tier-changed',
      adminUserId: admin.userId,
      adminEmail,
      targetProjectId: projectId,
      details: { from: 'free', to: 'honor' },
    });
  });
});

describe('Manage Users: the audit log of share changes', () => {
  it("records an admin's edit and deletion of someone else's share, not an owner's own edit", async () => {
    const owner = (await auth.signedUpUser()).actor;
    const share = { id: randomUUID(), projectId: randomUUID(), userId: owner.userId! };
    const change = { field: 'shareTitle' as const, from: 'Our trip', to: 'Removed by support' };
    const byOwner = buildEvent(shareUpdated, owner, { ...share, changes: [{ ...change, from: 'Trip' }] });
    const byAdmin = buildEvent(shareUpdated, admin, { ...share, changes: [change] });
    const deleted = buildEvent(shareDeleted, admin, share);
    for (const [contract, event] of [
      [shareUpdated, byOwner],
      [shareUpdated, byAdmin],
      [shareUpdated, byAdmin],
      [shareDeleted, deleted],
    ] as const) {
      await auth.bus.publishEvent(contract.subject, event, { msgId: randomUUID() });
    }

    await eventually(async () => {
      const { entries } = await auth.request(listAdminAuditLog, admin, { targetUserId: owner.userId! });
      expect(entries).toHaveLength(2);
    });
    const { entries } = await auth.request(listAdminAuditLog, admin, { targetUserId: owner.userId! });
    expect(entries.map((entry) => [entry.id, entry.action])).toEqual(
      expect.arrayContaining([
        [byAdmin.id, 'share.updated'],
        [deleted.id, 'share.deleted'],
      ]),
    );
    expect(entries.find((entry) => entry.id === byAdmin.id)).toMatchObject({
      adminUserId: admin.userId,
      adminEmail,
      targetProjectId: share.projectId,
      details: { shareId: share.id, 'shareTitle.from': 'Our trip', 'shareTitle.to': 'Removed by support' },
    });
  });
});

describe('Database Admin: the auth service', () => {
  it('reports its schema, newest migration, tables with row counts and its consumers', async () => {
    const overview = await auth.request(authOverview, admin, {});
    expect(overview).toMatchObject({ service: 'auth', schema: 'auth', binding: 'in-process', storage: [] });
    expect(overview.migration.latest).toMatch(/_two_factor$/);
    expect(overview.migration.applied).toBeGreaterThanOrEqual(6);
    const users = overview.tables.find((t) => t.name === 'users');
    expect(users?.rows).toBe(await auth.db.user.count());
    expect(overview.tables.map((t) => t.name)).toContain('admin_audit_entries');
    expect(overview.tables.map((t) => t.name)).not.toContain('_prisma_migrations');
    expect(overview.databaseBytes).toBe(overview.tables.reduce((sum, t) => sum + t.bytes, 0));
    expect(overview.streams.map((s) => s.stream)).toEqual(['events', 'jobs', 'dead']);
    expect(overview.consumers.map((c) => c.durable)).toContain('auth--projects_project_tier-changed');
    expect(overview.consumers.every((c) => c.durable.startsWith('auth--'))).toBe(true);
  });
});
