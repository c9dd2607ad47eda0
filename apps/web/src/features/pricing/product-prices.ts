import { type Plan, planFor, TIERS, type Tier } from '@memoreel/domain';
import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '../../lib/graphql';

export interface ProductPrice {
  productId: string;
  priceCents: number;
}

const PRODUCT_PRICES = /* GraphQL */ `
  query ProductPrices {
    productPrices {
      productId
      priceCents
    }
  }
`;

async function fetchProductPrices(): Promise<ProductPrice[]> {
  return (await graphqlRequest<{ productPrices: ProductPrice[] }>(PRODUCT_PRICES)).productPrices;
}

/** Spec §2: the four default plans, each with its fetched price where the server has one. */
export function plansWithPrices(prices: readonly ProductPrice[] | undefined): Plan[] {
  return TIERS.map((tier: Tier) => {
    const plan = planFor(tier);
    const fetched = prices?.find((price) => price.productId === tier);
    return fetched ? { ...plan, priceCents: fetched.priceCents } : plan;
  });
}

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/** The plans to show: defaults at once, fetched prices when they arrive (5 minutes fresh). */
export function usePlans(): Plan[] {
  const { data } = useQuery({
    queryKey: ['billing', 'productPrices'],
    queryFn: fetchProductPrices,
    staleTime: FIVE_MINUTES_MS,
  });
  return plansWithPrices(data);
}
