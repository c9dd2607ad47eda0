import { createRequire } from 'node:module';
import { mergeConfig } from 'vitest/config';
import { nodeProject } from '../../vitest.shared.js';

// graphql ships CJS (`main`) and ESM (`module`): Node gives dependencies (graphql-ws, Apollo) the CJS
// build, Vite would give our sources the ESM one, and `instanceof GraphQLError` would then fail
// between them (graphql-ws refuses onSubscribe's errors). One build for everyone, as in production.
const graphqlMain = createRequire(import.meta.url).resolve('graphql');

export default mergeConfig(nodeProject('gateway'), {
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlMain }] },
});
