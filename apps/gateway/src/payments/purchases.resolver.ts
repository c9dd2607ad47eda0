import { type Actor, ErrorCodes, getProject, listPurchases } from '@memoreel/contracts';
import { BusClient, RemoteError } from '@memoreel/platform';
import { Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { CurrentActor } from '../http/current-actor.js';
import { PurchaseModel } from './price.model.js';

/** Answers that mean the project is gone (or no longer yours): the purchase stays in the history. */
const PROJECT_GONE = new Set<string>([ErrorCodes.notFound, ErrorCodes.forbidden]);

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
      if (error instanceof RemoteError && PROJECT_GONE.has(error.code)) return null;
      throw error;
    }
  }
}
