import type { ReplyOf, RequestContract, RequestEnvelopeOf } from '@memoreel/contracts';
import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';

/** A provider's class as its injection token; a port may be abstract (`BotCheck`). */
type ProviderClass<Instance = unknown> = abstract new (...args: never[]) => Instance;

/** What a handlers class is given: one provider, or several by name (`{ intake: UploadIntakeService }`). */
export type HandlerDependencies = ProviderClass | Readonly<Record<string, ProviderClass>>;

/** The instance(s) Nest injects for `HandlerDependencies`, as the answers receive them. */
export type InjectedOf<D extends HandlerDependencies> =
  D extends ProviderClass<infer Instance>
    ? Instance
    : { [K in keyof D]: D[K] extends ProviderClass<infer Instance> ? Instance : never };

/** One request a handlers class answers: its contract, and what it asks of the dependencies. */
export interface RequestAnswer<Injected> {
  readonly contract: RequestContract;
  readonly answer: (injected: Injected, request: RequestEnvelopeOf<RequestContract>) => unknown;
}

/** Pairs a contract with its answer, which takes the envelope and returns the reply the contract names. */
export type AnswerFor<Injected> = <C extends RequestContract>(
  contract: C,
  answer: (injected: Injected, request: RequestEnvelopeOf<C>) => ReplyOf<C> | Promise<ReplyOf<C>>,
) => RequestAnswer<Injected>;

function answerFor<Injected>(): AnswerFor<Injected> {
  // The contract checked the row's types; the transport checks each envelope and reply against it.
  return (contract, answer) => ({ contract, answer: answer as RequestAnswer<Injected>['answer'] });
}

function nameOf(dependencies: HandlerDependencies): string {
  if (typeof dependencies === 'function') return `${dependencies.name}Handlers`;
  return `${Object.values(dependencies)
    .map((dependency) => dependency.name)
    .join('And')}Handlers`;
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
  answers: (answer: AnswerFor<InjectedOf<D>>) => RequestAnswer<InjectedOf<D>>[],
): Type {
  const single = typeof dependencies === 'function';
  const tokens: ProviderClass[] = single ? [dependencies] : Object.values(dependencies);
  const keys = single ? [] : Object.keys(dependencies);

  class RequestHandlers {
    readonly injected: InjectedOf<D>;
    constructor(...instances: unknown[]) {
      this.injected = (
        single ? instances[0] : Object.fromEntries(keys.map((key, index) => [key, instances[index]]))
      ) as InjectedOf<D>;
    }
  }
  tokens.forEach((token, index) => {
    Inject(token)(RequestHandlers, undefined, index);
  });
  for (const { contract, answer } of answers(answerFor<InjectedOf<D>>())) {
    const descriptor: PropertyDescriptor = {
      value(this: RequestHandlers, request: RequestEnvelopeOf<RequestContract>) {
        return answer(this.injected, request);
      },
      writable: true,
      configurable: true,
    };
    Object.defineProperty(RequestHandlers.prototype, contract.subject, descriptor);
    MessagePattern(contract.subject)(RequestHandlers.prototype, contract.subject, descriptor);
  }
  Object.defineProperty(RequestHandlers, 'name', { value: nameOf(dependencies) });
  Controller()(RequestHandlers);
  return RequestHandlers;
}
