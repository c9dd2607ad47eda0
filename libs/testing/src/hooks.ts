import { afterAll, beforeAll } from 'vitest';

/**
 * Something a spec file (or a `describe`) starts once for its tests and closes after them — a
 * service harness, a stack. Returned at once, as a stand-in that forwards to the started thing, so
 * it may be used inside tests and in hooks that run after the start. Vitest-only, hence its own
 * entry point (`@memoreel/testing/hooks`): benches import the package without a test runner.
 */
export function startedForTests<T extends { close(): Promise<unknown> }>(
  name: string,
  start: () => Promise<T>,
  // A fresh database and service can take a while on a busy machine.
  timeoutMs = 60_000,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(() => started?.close());
  return new Proxy({} as T, {
    get(_, key) {
      if (!started) throw new Error(`${name} is not started yet: use it inside tests and later hooks`);
      const value = Reflect.get(started, key);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}
