import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ApolloDriverConfig } from '@nestjs/apollo';

/**
 * How big a GraphQL operation may be. The SPA's deepest query (a project with its photos and
 * their URLs) is 4 levels and a few hundred tokens, so these leave it far inside while a
 * crafted query (deep nesting, thousands of aliases) is refused before anything resolves.
 */
export const QUERY_LIMITS = {
  maxDepth: 10,
  maxCost: 5_000,
  maxAliases: 15,
  maxDirectives: 50,
  maxTokens: 2_000,
} as const;

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
