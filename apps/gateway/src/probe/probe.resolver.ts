import {
  type Actor,
  ErrorCodes,
  getProbe,
  getProbeCompletion,
  probeCompleted,
  recordProbe,
} from '@memoreel/contracts';
import { BusClient } from '@memoreel/platform';
import { Logger } from '@nestjs/common';
import { Args, ID, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';
import { RequestBudgets } from '../graphql/request-budgets.js';
import type { Client } from '../http/client.js';
import { CurrentActor } from '../http/current-actor.js';
import { liveIterator } from '../live/live-iterator.js';
import { CurrentClient } from '../newsletter/current-client.js';
import { ProbeCompletionModel, ProbeModel } from './probe.model.js';

/** The system check: one mutation and one subscription that cross every platform part. */
@Resolver()
export class ProbeResolver {
  private readonly logger = new Logger(ProbeResolver.name);

  constructor(
    private readonly bus: BusClient,
    private readonly budgets: RequestBudgets,
  ) {}

  @Query(() => ProbeModel, { description: 'A probe recorded earlier.' })
  probe(@CurrentActor() actor: Actor, @Args('id', { type: () => ID }) id: string): Promise<ProbeModel> {
    return this.bus.request(getProbe, actor, { id });
  }

  @Mutation(() => ProbeModel, {
    description:
      'Records a probe; its completion arrives on probeCompleted. Limited per IP (no session needed).',
  })
  recordProbe(
    @CurrentActor() actor: Actor,
    @CurrentClient() client: Client,
    @Args('id', { type: () => ID }) id: string,
    @Args('note') note: string,
  ): Promise<ProbeModel> {
    this.budgets.take('probesPerIp', client.ip);
    return this.bus.request(recordProbe, actor, { id, note });
  }

  @Subscription(() => ProbeCompletionModel, {
    description: 'Fires when the probe with this id was consumed. Signed-in users only (not guests).',
  })
  probeCompleted(@CurrentActor() actor: Actor, @Args('id', { type: () => ID }) id: string) {
    // Each one holds a bus subscription for as long as the socket wants: not for anyone without an account.
    // A GraphQLError, not a service error: graphql-ws sends it as it is, with its code.
    if (!actor.userId || actor.isAnonymous || (actor.role !== 'user' && actor.role !== 'admin'))
      throw new GraphQLError('Authentication required', { extensions: { code: ErrorCodes.unauthorized } });
    return liveIterator(this.bus, probeCompleted, {
      field: 'probeCompleted',
      accept: (completion) => completion.id === id,
      // The page records the probe once its socket is open, which may be before this subscription
      // reached the bus: on a busy server the push could come first and be lost.
      catchUp: () => this.bus.request(getProbeCompletion, actor, { id }),
      onCatchUpError: (error) => this.logger.warn(`Probe ${id}: the catch-up read failed (${String(error)})`),
    });
  }
}
