import { Controller, Inject, type Type } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';

/** A provider's class as its injection token; a port may be abstract (`BotCheck`). */
type ProviderClass<Instance = unknown> = abstract new (...args: never[]) => Instance;

/** What a handlers class is given: one provider, or several by name (`{ intake: UploadIntakeService }`). */
export type HandlerDependencies = ProviderClass | Readonly<Record<string, ProviderClass>>;

/** The instance(s) Nest injects for `HandlerDependencies`, as the rows receive them. */
export type InjectedOf<D extends HandlerDependencies> =
  D extends ProviderClass<infer Instance>
    ? Instance
    : { [K in keyof D]: D[K] extends ProviderClass<infer Instance> ? Instance : never };

/** One handler method of the class: its key, the Nest decorator that routes to it, and what it does. */
export interface HandlerRow<Injected> {
  key: string;
  route: MethodDecorator;
  handle: (injected: Injected, ...args: unknown[]) => unknown;
}

function nameOf(dependencies: HandlerDependencies): string {
  if (typeof dependencies === 'function') return `${dependencies.name}Handlers`;
  return `${Object.values(dependencies)
    .map((dependency) => dependency.name)
    .join('And')}Handlers`;
}

/**
 * The Nest controller behind `requestHandlers` and `eventHandlers`: Nest injects the dependencies,
 * and each row becomes a prototype method carrying its route decorator, as a hand-written
 * `@MessagePattern`/`@EventPattern` method would (Nest finds handlers on the prototype).
 */
export function handlerTable<D extends HandlerDependencies>(
  dependencies: D,
  rows: HandlerRow<InjectedOf<D>>[],
): Type {
  const single = typeof dependencies === 'function';
  const tokens: ProviderClass[] = single ? [dependencies] : Object.values(dependencies);
  const keys = single ? [] : Object.keys(dependencies);

  class HandlerTable {
    readonly injected: InjectedOf<D>;
    constructor(...instances: unknown[]) {
      this.injected = (
        single ? instances[0] : Object.fromEntries(keys.map((key, index) => [key, instances[index]]))
      ) as InjectedOf<D>;
    }
  }
  tokens.forEach((token, index) => {
    Inject(token)(HandlerTable, undefined, index);
  });
  for (const { key, route, handle } of rows) {
    if (Object.hasOwn(HandlerTable.prototype, key)) throw new Error(`${key} is handled twice`);
    const descriptor: PropertyDescriptor = {
      value(this: HandlerTable, envelope: unknown, delivery: unknown) {
        return handle(this.injected, envelope, delivery);
      },
      writable: true,
      configurable: true,
    };
    Object.defineProperty(HandlerTable.prototype, key, descriptor);
    // The envelope and its delivery context, as `@Payload()` and `@Ctx()` hand them to a written method.
    Payload()(HandlerTable.prototype, key, 0);
    Ctx()(HandlerTable.prototype, key, 1);
    route(HandlerTable.prototype, key, descriptor);
  }
  Object.defineProperty(HandlerTable, 'name', { value: nameOf(dependencies) });
  Controller()(HandlerTable);
  return HandlerTable;
}
