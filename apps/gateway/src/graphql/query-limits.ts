import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ApolloDriverConfig } from '@nestjs/apollo';
import { QUERY_LIMITS } from '../gateway.limits.js';

export { QUERY_LIMITS };

/** Apollo plugins and validation rules that hold every operation to QUERY_LIMITS. */
export function queryLimits(): Pick<ApolloDriverConfig, 'plugins' | 'validationRules'> {
  const { plugins, validationRules } = new ApolloArmor({
    maxDepth: { n: QUERY_LIMITS.maxDepth },
    costLimit: { maxCost: QUERY_LIMITS.maxCost },
    maxAliases: { n: QUERY_LIMITS.maxAliases },
    maxDirectives: { n: QUERY_LIMITS.maxDirectives },
    maxTokens: { n: QUERY_LIMITS.maxTokens },
    // With introspection off, "Did you mean …?" would still spell the schema out.
    blockFieldSuggestion: { enabled: true },
  }).protect();
  // The armor's typings name @apollo/server's CJS declarations, Nest's the ESM ones: the same runtime objects.
  return { plugins: plugins as ApolloDriverConfig['plugins'], validationRules };
}
