/**
 * Every abuse limit the gateway applies itself, in one place (docs/gateway-limits.md). The auth
 * service keeps its own (sign-in, mails, guests) in Postgres: apps/auth/src/rate-limits.
 */

/** A token bucket: `capacity` requests in a burst, refilled evenly over `periodSeconds`. */
export interface BucketPolicy {
  capacity: number;
  periodSeconds: number;
}

/**
 * GraphQL request budgets, counted by each gateway replica in memory. Asking auth's Postgres
 * limiter instead would put a bus round trip and a row write in front of every operation; these
 * budgets stop floods, not meter use, so a client spread over N replicas getting up to N times as
 * much is acceptable (a sticky load balancer keeps it at one).
 */
export const REQUEST_BUDGETS = {
  /**
   * The SPA sends a few operations per screen and a few a minute while a video renders; 10 a
   * second sustained is far above any person and still cheap for us.
   */
  graphqlPerUser: { capacity: 600, periodSeconds: 60 },
  /** Twice a user's: an office or a school behind one address is several people at once. */
  graphqlPerIp: { capacity: 1_200, periodSeconds: 60 },
  /**
   * `recordProbe` needs no session and writes a row and an event in two services: the /status
   * page records one per click, so 10 a minute is plenty for a person and little for a script.
   */
  probesPerIp: { capacity: 10, periodSeconds: 60 },
} as const satisfies Record<string, BucketPolicy>;

export type RequestBudgetName = keyof typeof REQUEST_BUDGETS;

/** What one graphql-ws socket may hold. */
export const LIVE_LIMITS = {
  /**
   * Open operations on one socket. The SPA follows a handful at once (a project's renders, the
   * system check); each one holds a bus subscription in this process.
   */
  subscriptionsPerSocket: 20,
  /**
   * Events waiting for a slow reader, per subscription. Live events are small and arrive a few a
   * second at most; a reader 100 behind is not reading, and the subscription ends (it can
   * subscribe again and refetch) rather than growing without bound.
   */
  queuedEventsPerSubscription: 100,
} as const;

/**
 * How big a GraphQL operation may be (graphql/query-limits.ts). The SPA's deepest query (a project
 * with its photos and their URLs) is 4 levels and a few hundred tokens, so these leave it far
 * inside while a crafted query (deep nesting, thousands of aliases) is refused before anything resolves.
 */
export const QUERY_LIMITS = {
  maxDepth: 10,
  maxCost: 5_000,
  maxAliases: 15,
  maxDirectives: 50,
  maxTokens: 2_000,
} as const;
