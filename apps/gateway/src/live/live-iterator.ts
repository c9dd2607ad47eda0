import type { DataOf, LiveContract } from '@memoreel/contracts';
import type { BusClient } from '@memoreel/platform';

/**
 * Turns a live bus subject into the async iterator a GraphQL subscription returns, each
 * value keyed by the subscription's field name (what Nest's default resolver reads).
 * Subscribes at once (so nothing published after the client subscribed is missed)
 * and unsubscribes when the client goes away.
 */
export function liveIterator<C extends LiveContract, F extends string>(
  client: BusClient,
  contract: C,
  options: { field: F; accept: (data: DataOf<C>) => boolean },
): AsyncIterableIterator<Record<F, DataOf<C>>> {
  type Value = Record<F, DataOf<C>>;
  const queue: Value[] = [];
  const waiting: ((result: IteratorResult<Value>) => void)[] = [];
  let done = false;

  const subscription = client.subscribeLive(contract, (data) => {
    if (done || !options.accept(data)) return;
    const value = { [options.field]: data } as Value;
    const next = waiting.shift();
    if (next) next({ value, done: false });
    else queue.push(value);
  });

  const finish = async (): Promise<IteratorResult<Value>> => {
    if (!done) {
      done = true;
      await subscription.stop();
      for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
    }
    return { value: undefined, done: true };
  };

  return {
    next() {
      const value = queue.shift();
      if (value !== undefined) return Promise.resolve({ value, done: false });
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve) => waiting.push(resolve));
    },
    return: finish,
    throw: async (error: unknown) => {
      await finish();
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
