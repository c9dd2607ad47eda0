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
  /**
   * /v/{id} and /og/{id}.jpg per address: a visitor opens a page and its image, a chat app's
   * crawler a few previews; 300 a minute leaves a busy office far inside and stops a flood.
   */
  sharePagesPerIp: { capacity: 300, periodSeconds: 60 },
  /** /shared-upload/{linkId}: a friend opens the page a few times; it asks for nothing behind it. */
  sharedUploadPagesPerIp: { capacity: 120, periodSeconds: 60 },
  /**
   * The storage routes a host adds (standalone's /storage): a viewer loads up to 50 photos in a few
   * sizes plus the video's byte ranges, and an upload a PUT per photo, so the budget is wide.
   */
  storagePerIp: { capacity: 3_000, periodSeconds: 60 },
  /**
   * /auth/v1 (REST: sign-in, refresh, bot check, guests): auth meters each action in Postgres;
   * this stops a flood before it costs a bus request and a row. A tab refreshes every ~10 min and
   * a sign-in is a few calls, so 300 a minute covers a school's worth of people behind one address.
   */
  authPerIp: { capacity: 300, periodSeconds: 60 },
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
  /**
   * Open sockets from one address (LIVE_SOCKETS_PER_IP): the SPA holds one per tab, so a family
   * behind one router with several tabs each stays far inside.
   */
  socketsPerIp: 20,
  /** Open sockets on this replica (LIVE_SOCKETS_TOTAL): each holds memory and bus subscriptions. */
  socketsTotal: 5_000,
  /**
   * A socket without a token (anonymous) lives at most as long as an access token would (600 s),
   * then is closed like an expired one: nothing opened without a session stays open for good.
   */
  anonymousSocketSeconds: 600,
} as const;

export type LiveLimitName = keyof typeof LIVE_LIMITS;

/**
 * The shared page's data (one share lookup: projects, media signing, render) is kept this long
 * per share on each replica, and dropped at once when this replica changes or deletes the share:
 * a crowd opening one link costs one lookup per 10 s, and another replica's change shows within 10 s.
 */
export const SHARED_VIDEO_CACHE = { ttlSeconds: 10, maxEntries: 1_000 } as const;

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
