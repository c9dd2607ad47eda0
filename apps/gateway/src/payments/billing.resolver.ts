import {
  type Actor,
  getUpgradeOptions,
  listPrices,
  purchaseUpgrade,
  type RequestOf,
} from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentActor } from '../http/current-actor.js';
import { CheckoutModel, PriceModel, UpgradeOptionsModel } from './price.model.js';

/** Prices, upgrade options and purchases; the billing service checks sessions, ownership and whether purchasing is on. */
@Resolver()
export class BillingResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => [PriceModel], { description: 'The plans and their prices (no session needed).' })
  async productPrices(@CurrentActor() actor: Actor): Promise<PriceModel[]> {
    return (await this.bus.request(listPrices, actor, {})).prices;
  }

  @Query(() => UpgradeOptionsModel, { description: "One of your projects' tier and the plans above it." })
  upgradeOptions(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
  ): Promise<UpgradeOptionsModel> {
    return this.bus.request(getUpgradeOptions, actor, { projectId });
  }

  @Mutation(() => CheckoutModel, {
    description: 'Starts a checkout; purchases_disabled while purchasing is off.',
  })
  purchaseUpgrade(
    @CurrentActor() actor: Actor,
    @Args('projectId', { type: () => ID }) projectId: string,
    @Args('productId') productId: string,
    @Args('promoCode', { type: () => String, nullable: true }) promoCode: string | null,
  ): Promise<CheckoutModel> {
    // The product is checked against the tiers by the contract; an unknown one is a validation error.
    return this.bus.request(purchaseUpgrade, actor, {
      projectId,
      productId: productId as RequestOf<typeof purchaseUpgrade>['productId'],
      promoCode: promoCode ?? undefined,
    });
  }
}
