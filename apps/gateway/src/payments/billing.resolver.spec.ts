import { randomUUID } from 'node:crypto';
import { getUpgradeOptions, listPrices, type Price, purchaseUpgrade } from '@memoreel/contracts';
import { actors } from '@memoreel/testing';
import { startedForTests } from '@memoreel/testing/hooks';
import { describe, expect, it } from 'vitest';
import { startResolverApp } from '../../test/resolver-test-app.js';
import { BillingResolver } from './billing.resolver.js';

const app = startedForTests('resolverapp', () => startResolverApp([BillingResolver]));

const honor: Price = {
  productId: 'honor',
  name: 'Honor',
  priceCents: 3900,
  currency: 'usd',
  description: 'More photos and advanced AI editing.',
  features: ['Up to 20 minutes of video'],
  priceId: null,
};
const PRICE_FIELDS = 'productId name priceCents currency description features priceId';

describe('BillingResolver', () => {
  it('lists prices for anyone, as a guest when there is no session', async () => {
    await app.answer(listPrices, () => ({ prices: [honor] }));
    const result = await app.graphql(`{ productPrices { ${PRICE_FIELDS} } }`);
    expect(result).toEqual({ data: { productPrices: [honor] } });
    expect(app.asked.at(-1)?.actor).toEqual(actors.guest());
  });

  it('asks for upgrade options of a project as the caller', async () => {
    const owner = actors.user();
    const projectId = randomUUID();
    await app.answer(getUpgradeOptions, () => ({ currentTier: 'remember', upgradeOptions: [honor] }));
    const result = await app.graphql(
      `query ($projectId: ID!) { upgradeOptions(projectId: $projectId) { currentTier upgradeOptions { ${PRICE_FIELDS} } } }`,
      { projectId },
      owner,
    );
    expect(result).toEqual({
      data: { upgradeOptions: { currentTier: 'remember', upgradeOptions: [honor] } },
    });
    expect(app.asked.at(-1)).toMatchObject({ actor: owner, data: { projectId } });
  });

  it('forwards a purchase and passes "coming soon" through with its code', async () => {
    const owner = actors.user();
    const projectId = randomUUID();
    await app.answer(purchaseUpgrade, () => {
      throw {
        code: 'purchases_disabled',
        message: 'Purchasing upgrades will be available soon! Please check back later.',
      };
    });
    const mutation =
      'mutation ($projectId: ID!, $productId: String!, $promoCode: String) { purchaseUpgrade(projectId: $projectId, productId: $productId, promoCode: $promoCode) { url } }';
    const result = await app.graphql(
      mutation,
      { projectId, productId: 'honor', promoCode: 'WELCOME10' },
      owner,
    );
    expect(result.errors?.[0]).toMatchObject({
      message: 'Purchasing upgrades will be available soon! Please check back later.',
      extensions: { code: 'purchases_disabled' },
    });
    expect(app.asked.at(-1)).toMatchObject({
      actor: owner,
      data: { projectId, productId: 'honor', promoCode: 'WELCOME10' },
    });

    await app.answer(purchaseUpgrade, () => ({ url: 'https://checkout.stripe.test/c/pay/cs_1' }));
    expect(await app.graphql(mutation, { projectId, productId: 'cherish' }, owner)).toEqual({
      data: { purchaseUpgrade: { url: 'https://checkout.stripe.test/c/pay/cs_1' } },
    });
    expect(app.asked.at(-1)?.data).toEqual({ projectId, productId: 'cherish' });

    const unknown = await app.graphql(mutation, { projectId, productId: 'gold' }, owner);
    expect(unknown.errors?.[0]?.extensions.code).toBe('VALIDATION_FAILED');
  });
});
