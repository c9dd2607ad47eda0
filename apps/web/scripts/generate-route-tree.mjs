// Resolving the Vite config runs the TanStack router plugin, which writes src/routeTree.gen.ts:
// tsc needs that file before any build has run (a fresh clone, CI lint).
import { fileURLToPath } from 'node:url';
import { resolveConfig } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
await resolveConfig({ root, configFile: `${root}vite.config.ts`, logLevel: 'warn' }, 'build');
