import { type Actor, getUser } from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import { Query, Resolver } from '@nestjs/graphql';
import { CurrentActor } from '../http/current-actor.js';
import { toUserModel, UserModel } from './user.model.js';

@Resolver(() => UserModel)
export class MeResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => UserModel, {
    nullable: true,
    description: 'The signed-in user; null for a guest without a session.',
  })
  async me(@CurrentActor() actor: Actor): Promise<UserModel | null> {
    if (actor.userId === null) return null;
    return toUserModel(await this.bus.request(getUser, actor, {}));
  }
}
