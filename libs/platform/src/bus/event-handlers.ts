import type { DataOf, EventContract, EventEnvelope, JobContract } from '@memoreel/contracts';
import type { Type } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import type { BusHandlerExtras, EventDeliveryContext } from './bus-transport.js';
import { type HandlerDependencies, type HandlerRow, handlerTable, type InjectedOf } from './handler-table.js';

/**
 * Pairs an event (or job) contract with what its delivery does; `extras` choose the queue and
 * tuning as `@EventPattern(subject, extras)` would (`{ queue: 'jobs', concurrency: 2 }`).
 */
export type ConsumeFor<Injected> = <C extends EventContract | JobContract>(
  contract: C,
  handle: (injected: Injected, event: EventEnvelope<DataOf<C>>, delivery: EventDeliveryContext) => unknown,
  extras?: BusHandlerExtras,
) => HandlerRow<Injected>;

function consumeFor<Injected>(): ConsumeFor<Injected> {
  // The contract typed the row; the transport checks each envelope against it before the row runs.
  return (contract, handle, extras = {}) => ({
    key: `${extras.queue ?? 'events'}:${contract.subject}`,
    route: EventPattern<string>(contract.subject, extras),
    handle: handle as HandlerRow<Injected>['handle'],
  });
}

/**
 * A service's event consumers or jobs as a table, in a file named for their effect
 * (`delete-edits-when-photo-deleted.ts`), e.g.
 * `eventHandlers(PhotoEditCleanupService, (on) => [on(photoDeleted, (cleanup, event) => cleanup.deleteEdits({ photoId: event.data.id }))])`.
 * It is a Nest controller with an `@EventPattern(contract.subject, extras)` per row: a durable
 * consumer per (service, subject), acked once the row's promise settles, redelivered when it throws.
 */
export function eventHandlers<D extends HandlerDependencies>(
  dependencies: D,
  consumers: (on: ConsumeFor<InjectedOf<D>>) => HandlerRow<InjectedOf<D>>[],
): Type {
  return handlerTable(dependencies, consumers(consumeFor<InjectedOf<D>>()));
}
