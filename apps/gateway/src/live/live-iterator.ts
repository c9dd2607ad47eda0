import type { Actor, DataOf, LiveContract } from '@memoreel/contracts';
import { type BusClient, requireSignedIn } from '@memoreel/platform';
import { GraphQLError } from 'graphql';
import type { z } from 'zod';
import { LIVE_LIMITS } from '../gateway.limits.js';

/** A subscriber more than `maxQueued` events behind: its subscription ends with this error. */
export const SLOW_SUBSCRIBER = {
  code: 'SLOW_SUBSCRIBER',
  message: 'This subscription fell too far behind and was ended: subscribe again and refetch.',
} as const;

/**
 * Turns a live bus subject into the async iterator a GraphQL subscription returns, each
 * value keyed by the subscription's field name (what Nest's default resolver reads).
 * Subscribes at once (so nothing published after the client subscribed is missed)
 * and unsubscribes when the client goes away. Events wait for a slow reader in a queue of at
 * most `maxQueued`; one more ends the subscription with SLOW_SUBSCRIBER rather than dropping
 * events silently (the client can subscribe again and refetch what it missed).
 */
export function liveIterator<C extends LiveContract, F extends string>(
  client: BusClient,
  contract: C,
  options: {
    field: F;
    accept: (data: DataOf<C>) => boolean;
    maxQueued?: number;
    /**
     * Asked once the bus subscription is in place, for a value the client may have missed: the
     * browser cannot tell when its subscription reached the server, so a push can beat it here.
     * What it returns is delivered like a push (readers must take a repeated value in their stride);
     * a failed catch-up only loses what the push would have been too late for.
     */
    catchUp?: () => Promise<DataOf<C> | null>;
    onCatchUpError?: (error: unknown) => void;
  },
): AsyncIterableIterator<Record<F, DataOf<C>>> {
  type Value = Record<F, DataOf<C>>;
  const maxQueued = options.maxQueued ?? LIVE_LIMITS.queuedEventsPerSubscription;
  const queue: Value[] = [];
  const waiting: ((result: IteratorResult<Value>) => void)[] = [];
  let done = false;
  let failure: GraphQLError | undefined;

  let pushed = false;
  const deliver = (data: DataOf<C>) => {
    if (done || !options.accept(data)) return;
    pushed = true;
    const value = { [options.field]: data } as Value;
    const next = waiting.shift();
    if (next) next({ value, done: false });
    else if (queue.length < maxQueued) queue.push(value);
    else overflow();
  };
  const subscription = client.subscribeLive(contract, deliver);
  if (options.catchUp) {
    options.catchUp().then(
      // A push that arrived meanwhile is at least as new as what the catch-up read.
      (data) => {
        if (data !== null && !pushed) deliver(data);
      },
      (error: unknown) => options.onCatchUpError?.(error),
    );
  }

  const finish = async (): Promise<IteratorResult<Value>> => {
    if (!done) {
      done = true;
      await subscription.stop();
      for (const resolve of waiting.splice(0)) resolve({ value: undefined, done: true });
    }
    return { value: undefined, done: true };
  };

  // The reader is not waiting (it would have taken the event): the error is its next answer.
  function overflow(): void {
    failure = new GraphQLError(SLOW_SUBSCRIBER.message, { extensions: { code: SLOW_SUBSCRIBER.code } });
    queue.length = 0;
    void finish();
  }

  return {
    next() {
      const value = queue.shift();
      if (value !== undefined) return Promise.resolve({ value, done: false });
      if (failure) {
        const error = failure;
        failure = undefined;
        return Promise.reject(error);
      }
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

/**
 * A live subject as the signed-in user's own subscription: a guest is refused, and only the
 * events of `actor`'s user reach it (the bus fans every user's events out to every gateway replica).
 */
export function ownLiveIterator<C extends LiveContract<z.ZodType<{ userId: string }>>, F extends string>(
  client: BusClient,
  actor: Actor,
  contract: C,
  options: { field: F; accept?: (data: DataOf<C>) => boolean },
): AsyncIterableIterator<Record<F, DataOf<C>>> {
  const userId = requireSignedIn(actor);
  const accept = options.accept ?? (() => true);
  return liveIterator(client, contract, {
    field: options.field,
    accept: (data) => data.userId === userId && accept(data),
  });
}
