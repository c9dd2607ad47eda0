import { type Actor, ErrorCodes, getProject, listPurchases } from '@memoreel/contracts';
import { BusClient, RemoteError } from '@memoreel/platform';
import { Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentActor } from '../http/current-actor.js';
import { PurchaseModel } from './price.model.js';

/** Your purchase history; billing checks the session, the projects service names the projects. */
@Resolver(() => PurchaseModel)
export class PurchasesResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => [PurchaseModel], { description: 'Your paid upgrades, newest first.' })
  async purchases(@CurrentActor() actor: Actor): Promise<PurchaseModel[]> {
    return (await this.bus.request(listPurchases, actor, {})).purchases;
  }

  @ResolveField(() => String, {
    nullable: true,
    description: "The project's current name; null once the project is deleted.",
  })
  async projectName(@Parent() purchase: PurchaseModel, @CurrentActor() actor: Actor): Promise<string | null> {
    try {
      return (await this.bus.request(getProject, actor, { id: purchase.projectId })).name;
    } catch (error) {
      // Gone, or no longer yours (another's project is NotFound too): the purchase stays in the history.
      if (error instanceof RemoteError && error.code === ErrorCodes.notFound) return null;
      throw error;
    }
  }
}
