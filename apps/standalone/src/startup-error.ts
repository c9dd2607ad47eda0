/**
 * A reason standalone cannot start that the person running it can act on (a folder it cannot
 * write, a port in use): printed as one plain sentence, without a stack trace.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}

/** The StartupError for what went wrong, when it is one a person can fix; otherwise undefined. */
export function explainStartupFailure(
  error: unknown,
  context: { dataDir: string; port: number },
): StartupError | undefined {
  if (error instanceof StartupError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const path = (error as NodeJS.ErrnoException | undefined)?.path ?? context.dataDir;
  switch (code) {
    case 'EADDRINUSE':
      return new StartupError(
        `Port ${context.port} is already in use (is Memoreel already running?). Stop what uses it, or start on another port: PORT=${context.port + 1} npm start`,
      );
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new StartupError(
        `Memoreel cannot write its data to ${path} (${code === 'EROFS' ? 'read-only file system' : 'permission denied'}). Choose a folder it can write: MEMOREEL_DATA_DIR=/path/to/folder npm start`,
      );
    case 'ENOSPC':
      return new StartupError(
        `The disk holding ${context.dataDir} is full. Free some space and start again.`,
      );
    default:
      return undefined;
  }
}
