import { type Actor, authErrorCodes, ErrorCodes, subscribeNewsletter } from '@memoreel/contracts';
import { BusClient, RemoteError } from '@memoreel/platform';
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import type { Client } from '../http/client.js';
import { CurrentActor } from '../http/current-actor.js';
import { CurrentClient } from './current-client.js';
import { NewsletterResultModel } from './newsletter-result.model.js';

// Refusals the visitor can act on come back as `error`; anything else stays a GraphQL error.
const VISITOR_REFUSALS: ReadonlySet<string> = new Set([
  ErrorCodes.validationFailed,
  authErrorCodes.rateLimited,
]);

@Resolver()
export class NewsletterResolver {
  constructor(private readonly bus: BusClient) {}

  @Mutation(() => NewsletterResultModel, {
    description: 'Subscribes an address to the newsletter; subscribing twice is a success.',
  })
  async subscribeNewsletter(
    @CurrentActor() actor: Actor,
    @CurrentClient() client: Client,
    @Args('email') email: string,
  ): Promise<NewsletterResultModel> {
    try {
      await this.bus.request(subscribeNewsletter, actor, { client, email });
      return { success: true, error: null };
    } catch (error) {
      if (error instanceof RemoteError && VISITOR_REFUSALS.has(error.code)) {
        return { success: false, error: error.message };
      }
      throw error;
    }
  }
}
