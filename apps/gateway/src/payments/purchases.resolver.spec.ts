import { randomUUID } from 'node:crypto';
import { getProject, listPurchases, type Purchase } from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { sampleProject, startResolverApp } from '../../test/resolver-test-app.js';
import { PurchasesResolver } from './purchases.resolver.js';

const app = startedForTests('resolverapp', () => startResolverApp([PurchasesResolver]));

const owner = actors.user();
const project = sampleProject(owner, { product: 'honor' });
const purchase = (projectId: string): Purchase => ({
  id: randomUUID(),
  projectId,
  productId: 'honor',
  amountCents: 3900,
  currency: 'usd',
  purchasedAt: '2026-11-23T11:00:00.000Z',
});
const QUERY = '{ purchases { id projectId projectName productId amountCents currency purchasedAt } }';

describe('PurchasesResolver', () => {
  it("lists the caller's purchases with each project's current name, null once it is gone", async () => {
    const kept = purchase(project.id);
    const deleted = purchase(randomUUID());
    await app.answer(listPurchases, () => ({ purchases: [kept, deleted] }));
    await app.answer(getProject, ({ data }) => {
      if ((data as { id: string }).id === project.id) return project;
      throw { code: 'NOT_FOUND', message: 'Project not found' };
    });

    const result = await app.graphql(QUERY, {}, owner);
    expect(result).toEqual({
      data: {
        purchases: [
          { ...kept, projectName: 'Grandma Rose' },
          { ...deleted, projectName: null },
        ],
      },
    });
    // Each project is read as the caller, so the projects service's ownership rule applies.
    const reads = app.asked.filter((call) => call.subject === getProject.subject);
    expect(reads.map((call) => call.actor)).toEqual([owner, owner]);
  });

  it("passes billing's refusal through", async () => {
    await app.answer(listPurchases, () => {
      throw { code: 'UNAUTHORIZED', message: 'Authentication required' };
    });
    const result = await app.graphql(QUERY);
    expect(result.errors?.[0]).toMatchObject({
      message: 'Authentication required',
      extensions: { code: 'UNAUTHORIZED' },
    });
  });
});
