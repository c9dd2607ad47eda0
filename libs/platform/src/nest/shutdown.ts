/**
 * Runs `close` once on SIGINT/SIGTERM/SIGHUP, then exits; a second signal exits at once.
 * Keeps Ctrl+C from leaving child processes (embedded Postgres, workers) behind.
 */
export function onShutdown(close: () => Promise<void>, log: (message: string) => void = console.error): void {
  let closing = false;
  const handle = (signal: NodeJS.Signals) => {
    if (closing) {
      log(`${signal} again: exiting now`);
      process.exit(1);
    }
    closing = true;
    log(`${signal}: shutting down`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`shutdown failed: ${error instanceof Error ? error.stack : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handle);
  process.on('SIGTERM', handle);
  // A closed terminal: Postgres takes SIGHUP as "reload", so without this it would outlive us.
  process.on('SIGHUP', handle);
}
