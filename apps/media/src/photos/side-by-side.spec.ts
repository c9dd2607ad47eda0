import { describe, expect, it } from 'vitest';
import { sideBySideInOrder } from './side-by-side.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('side by side, in order', () => {
  it('answers in the order of the items, however the work finishes', async () => {
    const delays = [30, 5, 20, 1];
    const answers = await sideBySideInOrder(delays, 4, async (delay) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      return delay;
    });
    expect(answers).toEqual(delays);
  });

  it('runs at most `limit` at a time', async () => {
    let running = 0;
    let most = 0;
    await sideBySideInOrder([1, 2, 3, 4, 5, 6, 7], 3, async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    });
    expect(most).toBe(3);
  });

  it("hands each item the previous one's work, so an ordered step waits for it (even when it failed)", async () => {
    const recorded: number[] = [];
    const results = await Promise.allSettled([
      sideBySideInOrder([1, 2, 3], 3, async (item, previousDone) => {
        // The first item is the slowest and the second fails: the order of the step is kept all the same.
        await new Promise((resolve) => setTimeout(resolve, item === 1 ? 20 : 1));
        await previousDone;
        recorded.push(item);
        if (item === 2) throw new Error('refused');
        return item;
      }),
    ]);
    expect(recorded).toEqual([1, 2, 3]);
    expect(results[0]?.status).toBe('rejected');
  });
});
