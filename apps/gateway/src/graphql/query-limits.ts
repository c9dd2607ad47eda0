import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { QUERY_LIMITS } from '../gateway.limits.js';

export { QUERY_LIMITS };

/** Apollo plugins and validation rules that hold every operation to QUERY_LIMITS. */
export function queryLimits(): Pick<ApolloDriverConfig, 'plugins' | 'validationRules' | 'parseOptions'> {
  const { plugins, validationRules } = new ApolloArmor({
    maxDepth: { n: QUERY_LIMITS.maxDepth },
    costLimit: { maxCost: QUERY_LIMITS.maxCost },
    maxAliases: { n: QUERY_LIMITS.maxAliases },
    maxDirectives: { n: QUERY_LIMITS.maxDirectives },
    // The armor counts tokens in a plugin hook, where Apollo answers anything thrown (a syntax error
    // too) with 500: Apollo's own parse counts them instead, and a parse failure is the client's (400).
    maxTokens: { enabled: false },
    // With introspection off, "Did you mean …?" would still spell the schema out.
    blockFieldSuggestion: { enabled: true },
  }).protect();
  // The armor's typings name @apollo/server's CJS declarations, Nest's the ESM ones: the same runtime objects.
  return {
    plugins: plugins as ApolloDriverConfig['plugins'],
    validationRules,
    parseOptions: { maxTokens: QUERY_LIMITS.maxTokens },
  };
}
