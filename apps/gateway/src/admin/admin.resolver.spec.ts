import { randomUUID } from 'node:crypto';
import {
  type AdminUser,
  adminUserMessages,
  authOverview,
  billingOverview,
  listAdminAuditLog,
  listProjectsOfUsers,
  listUsersForAdmin,
  mediaOverview,
  projectsOverview,
  renderOverview,
  type ServiceOverview,
  setProjectTier,
  setUserSignInDisabled,
  sharingOverview,
} from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { sampleProject, startResolverApp } from '../../test/resolver-test-app.js';
import { AdminResolver } from './admin.resolver.js';

const app = startedForTests('resolverapp', () => startResolverApp([AdminResolver]));

const user = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: randomUUID(),
  email: 'rosa@example.com',
  fullName: 'Rosa',
  isAnonymous: false,
  roles: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSignInAt: '2026-11-24T10:00:00.000Z',
  disabledAt: null,
  ...overrides,
});

const overviewOf = (service: string): ServiceOverview => ({
  service,
  schema: service,
  migration: { latest: '20261125121726_admin_users', appliedAt: '2026-11-25T12:00:00.000Z', applied: 6 },
  databaseBytes: 81920,
  tables: [{ name: 'users', rows: 3, bytes: 81920 }],
  outboxUnpublished: 0,
  storage: [],
  storageTruncated: false,
  binding: 'in-process',
  streams: [{ stream: 'events', messages: 12, bytes: null }],
  consumers: [],
  checkedAt: '2026-11-25T12:00:00.000Z',
});

const OPERATIONS: [string, Record<string, unknown>][] = [
  ['{ adminUsers { total } }', {}],
  ['mutation ($id: ID!) { setUserSignInDisabled(userId: $id, disabled: true) { id } }', { id: randomUUID() }],
  [
    'mutation ($id: ID!) { adminSetProjectTier(projectId: $id, tier: "cherish") { id } }',
    { id: randomUUID() },
  ],
  ['{ adminAuditLog { id } }', {}],
  ['{ serviceOverviews { service } }', {}],
];

describe('AdminResolver', () => {
  it('refuses guests, users and guest sessions before asking any service', async () => {
    for (const actor of [undefined, actors.user(), actors.anonymousUser()]) {
      for (const [query, variables] of OPERATIONS) {
        const before = app.asked.length;
        const result = await app.graphql(query, variables, actor);
        expect(result.errors?.[0]).toMatchObject({
          message: adminUserMessages.adminRequired,
          extensions: { code: 'FORBIDDEN' },
        });
        expect(app.asked.length).toBe(before);
      }
    }
  });

  it("lists users as the admin, each with their projects' count and tiers", async () => {
    const admin = actors.admin();
    const withProjects = user();
    const without = user({ email: null, fullName: null, isAnonymous: true });
    const owned = sampleProject({ ...actors.user(), userId: withProjects.id }, { product: 'honor' });
    await app.answer(listUsersForAdmin, () => ({
      users: [withProjects, without],
      total: 41,
      page: 2,
      pageSize: 2,
    }));
    await app.answer(listProjectsOfUsers, () => ({
      projects: [
        {
          id: owned.id,
          userId: withProjects.id,
          name: owned.name,
          product: 'honor',
          createdAt: owned.createdAt,
        },
      ],
    }));
    const result = await app.graphql(
      'query ($search: String) { adminUsers(search: $search, page: 2, pageSize: 2) { total page pageSize users { id email isAnonymous projects { id product } } } }',
      { search: 'rosa' },
      admin,
    );
    expect(result.data?.adminUsers).toEqual({
      total: 41,
      page: 2,
      pageSize: 2,
      users: [
        {
          id: withProjects.id,
          email: 'rosa@example.com',
          isAnonymous: false,
          projects: [{ id: owned.id, product: 'honor' }],
        },
        { id: without.id, email: null, isAnonymous: true, projects: [] },
      ],
    });
    const [listed, projects] = app.asked.slice(-2);
    expect(listed).toMatchObject({ actor: admin, data: { search: 'rosa', page: 2, pageSize: 2 } });
    expect(projects).toMatchObject({ actor: admin, data: { userIds: [withProjects.id, without.id] } });
  });

  it("passes the service's own refusal through (a token whose admin role the service no longer accepts)", async () => {
    await app.answer(setUserSignInDisabled, () => {
      throw { code: 'FORBIDDEN', message: adminUserMessages.cannotDisableSelf };
    });
    const result = await app.graphql(OPERATIONS[1]![0], OPERATIONS[1]![1], actors.admin());
    expect(result.errors?.[0]).toMatchObject({
      message: adminUserMessages.cannotDisableSelf,
      extensions: { code: 'FORBIDDEN' },
    });
  });

  it('raises a tier through the projects service and reads the audit log', async () => {
    const admin = actors.admin();
    const project = sampleProject(actors.user(), { product: 'cherish' });
    await app.answer(setProjectTier, () => project);
    const raised = await app.graphql(OPERATIONS[2]![0], { id: project.id }, admin);
    expect(raised.data?.adminSetProjectTier).toEqual({ id: project.id });
    expect(app.asked.at(-1)).toMatchObject({ actor: admin, data: { id: project.id, tier: 'cherish' } });

    const bad = await app.graphql(
      'mutation ($id: ID!) { adminSetProjectTier(projectId: $id, tier: "gold") { id } }',
      { id: project.id },
      admin,
    );
    expect(bad.errors?.[0]?.extensions.code).toBe('VALIDATION_FAILED');

    await app.answer(listAdminAuditLog, () => ({
      entries: [
        {
          id: randomUUID(),
          action: 'project.tier-changed',
          adminUserId: admin.userId,
          adminEmail: 'boss@example.com',
          targetUserId: project.userId,
          targetProjectId: project.id,
          details: { from: 'free', to: 'cherish' },
          createdAt: '2026-11-25T12:00:00.000Z',
        },
      ],
    }));
    const log = await app.graphql(
      '{ adminAuditLog { action adminEmail details { name value } } }',
      {},
      admin,
    );
    expect(log.data?.adminAuditLog).toEqual([
      {
        action: 'project.tier-changed',
        adminEmail: 'boss@example.com',
        details: [
          { name: 'from', value: 'free' },
          { name: 'to', value: 'cherish' },
        ],
      },
    ]);
  });

  it('gathers every service overview, and names the service that did not answer', async () => {
    for (const contract of [authOverview, projectsOverview, mediaOverview, sharingOverview, renderOverview]) {
      await app.answer(contract, () => overviewOf(contract.service));
    }
    await app.answer(billingOverview, () => {
      throw { code: 'INTERNAL', message: 'Internal error' };
    });
    const result = await app.graphql(
      '{ serviceOverviews { service error overview { schema databaseBytes migration { latest applied } tables { name rows } streams { stream messages } } } }',
      {},
      actors.admin(),
    );
    const overviews = result.data?.serviceOverviews as { service: string; error: string | null }[];
    expect(overviews.map((o) => [o.service, o.error])).toEqual([
      ['auth', null],
      ['projects', null],
      ['media', null],
      ['sharing', null],
      ['billing', 'Internal error'],
      ['render', null],
    ]);
    expect(overviews[0]).toMatchObject({
      overview: {
        schema: 'auth',
        databaseBytes: 81920,
        migration: { latest: '20261125121726_admin_users', applied: 6 },
        tables: [{ name: 'users', rows: 3 }],
        streams: [{ stream: 'events', messages: 12 }],
      },
    });
  });
});
