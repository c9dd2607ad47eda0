import { graphqlField } from '../../lib/graphql';

/** The gateway's billing operations (apps/gateway/src/payments), as the upgrade dialog uses them. */

export interface UpgradePrice {
  productId: string;
  name: string;
  priceCents: number;
  currency: string;
  description: string;
  features: string[];
}

export interface UpgradeOptions {
  currentTier: string;
  /** The plans above the current tier; empty on cherish. */
  upgradeOptions: UpgradePrice[];
}

export function fetchUpgradeOptions(projectId: string, signal?: AbortSignal): Promise<UpgradeOptions> {
  return graphqlField(
    'upgradeOptions',
    `query UpgradeOptions($projectId: ID!) {
      upgradeOptions(projectId: $projectId) {
        currentTier
        upgradeOptions { productId name priceCents currency description features }
      }
    }`,
    { projectId },
    signal,
  );
}

/** Starts a checkout and answers where the browser goes to pay. */
export function purchaseUpgrade(
  projectId: string,
  productId: string,
  promoCode: string | null,
): Promise<{ url: string }> {
  return graphqlField(
    'purchaseUpgrade',
    `mutation PurchaseUpgrade($projectId: ID!, $productId: String!, $promoCode: String) {
      purchaseUpgrade(projectId: $projectId, productId: $productId, promoCode: $promoCode) { url }
    }`,
    { projectId, productId, promoCode },
  );
}

export function formatPrice(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}
