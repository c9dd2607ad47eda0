/**
 * Runs `work` on every item, at most `limit` at a time, answering in the items' order. Each call is
 * handed the previous item's work as `previousDone`, for the step that must keep the items' order.
 */
export async function sideBySideInOrder<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, previousDone: Promise<unknown>) => Promise<R>,
): Promise<R[]> {
  const started: Promise<R>[] = [];
  const running = new Set<Promise<unknown>>();
  let previous: Promise<unknown> = Promise.resolve();
  for (const item of items) {
    while (running.size >= limit) await Promise.race(running);
    const done = work(item, previous);
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    running.add(settled);
    void settled.then(() => running.delete(settled));
    started.push(done);
    previous = settled;
  }
  return Promise.all(started);
}
