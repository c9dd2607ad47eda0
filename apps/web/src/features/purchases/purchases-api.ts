import { tierOf } from '@memoreel/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { graphqlRequest } from '../../lib/graphql';

/** An upgrade the user paid for, as the gateway's `purchases` query answers it. */
export interface PurchaseRecord {
  id: string;
  projectId: string;
  /** The project's current name; null once the project is deleted. */
  projectName: string | null;
  productId: string;
  amountCents: number;
  currency: string;
  purchasedAt: string;
}

export const purchaseKeys = {
  all: ['purchases'] as const,
};

export async function fetchPurchases(signal?: AbortSignal): Promise<PurchaseRecord[]> {
  const data = await graphqlRequest<{ purchases: PurchaseRecord[] }>(
    `query Purchases {
      purchases { id projectId projectName productId amountCents currency purchasedAt }
    }`,
    {},
    signal,
  );
  return data.purchases.map((purchase) => ({ ...purchase, productId: tierOf(purchase.productId) }));
}

/** Suspends until loaded; a failure reaches the tab's error boundary ("Try Again"). */
export function usePurchases() {
  return useSuspenseQuery({
    queryKey: purchaseKeys.all,
    queryFn: ({ signal }) => fetchPurchases(signal),
  });
}
