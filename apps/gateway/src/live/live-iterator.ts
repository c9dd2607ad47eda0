import type { DataOf, LiveContract } from '@memoreel/contracts';
import type { BusClient } from '@memoreel/platform';

/**
 * Turns a live bus subject into the async iterator a GraphQL subscription returns.
 * Subscribes at once (so nothing published after the client subscribed is missed)
 * and unsubscribes when the client goes away.
 */
export function liveIterator<C extends LiveContract>(
  client: BusClient,
  contract: C,
  accept: (data: DataOf<C>) => boolean,
): AsyncIterableIterator<DataOf<C>> {
  const queue: DataOf<C>[] = [];
  const waiting: ((result: IteratorResult<DataOf<C>>) => void)[] = [];
  let done = false;

  const subscription = client.subscribeLive(contract, (data) => {
    if (done || !accept(data)) return;
    const next = waiting.shift();
    if (next) next({ value: data, done: false });
    else queue.push(data);
  });

  const finish = async (): Promise<IteratorResult<DataOf<C>>> => {
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
