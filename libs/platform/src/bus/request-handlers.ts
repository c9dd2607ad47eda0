import type { ReplyOf, RequestContract, RequestEnvelopeOf } from '@memoreel/contracts';
import type { Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type HandlerDependencies, type HandlerRow, handlerTable, type InjectedOf } from './handler-table.js';

export type { HandlerDependencies, InjectedOf } from './handler-table.js';

/** Pairs a request contract with its answer, which takes the envelope and returns the reply the contract names. */
export type AnswerFor<Injected> = <C extends RequestContract>(
  contract: C,
  answer: (injected: Injected, request: RequestEnvelopeOf<C>) => ReplyOf<C> | Promise<ReplyOf<C>>,
) => HandlerRow<Injected>;

function answerFor<Injected>(): AnswerFor<Injected> {
  // The contract typed the row; the transport checks each envelope and reply against it.
  return (contract, answer) => ({
    key: contract.subject,
    route: MessagePattern(contract.subject),
    handle: answer as HandlerRow<Injected>['handle'],
  });
}

/**
 * A feature's bus entry points as a table (`<feature>.handlers.ts`): each request contract beside
 * the one call it makes, e.g.
 * `requestHandlers(ProjectsService, (answer) => [answer(getProject, (projects, { actor, data }) => projects.get(actor, data.id))])`.
 * It is a Nest controller with a `@MessagePattern(contract.subject)` per row, so `BusTransport`
 * validates each envelope and reply against its contract as for any handler; Nest injects the
 * dependencies.
 */
export function requestHandlers<D extends HandlerDependencies>(
  dependencies: D,
  answers: (answer: AnswerFor<InjectedOf<D>>) => HandlerRow<InjectedOf<D>>[],
): Type {
  return handlerTable(dependencies, answers(answerFor<InjectedOf<D>>()));
}
