import type { Bus, Logger, ReadinessCheck } from '@memoreel/platform';
import type { RequestHandler } from 'express';
import type { BucketPolicy, LiveLimitName, RequestBudgetName } from './gateway.limits.js';

/** What the gateway needs from its host: the same in distributed and standalone mode. */
export interface GatewayContext {
  bus: Bus;
  logger: Logger;
  /** Built SPA to serve (standalone, or a single-image deployment); absent when a CDN serves it. */
  webDistDir?: string | undefined;
  /** The app's public origin (links, redirects, OIDC callback); else taken from each request's Host. */
  publicUrl?: string | undefined;
  /** Extra HTTP routes, e.g. the local storage router in standalone mode. */
  routes?: { path: string; handler: RequestHandler }[];
  /**
   * Express's `trust proxy`: the proxies whose X-Forwarded-* headers are believed (addresses,
   * CIDRs, a hop count, true or false). Default: loopback and private networks (TRUST_PROXY).
   */
  trustProxy?: string | number | boolean;
  /** Origins the SPA may call besides its own (connect-src), e.g. object storage for direct uploads. */
  connectSources?: string[];
  /** Whether anyone may ask for the GraphQL schema (introspection): development only (GRAPHQL_INTROSPECTION). */
  introspection?: boolean;
  /** Everything that must answer for /health/ready (bus is always included). */
  readiness?: ReadinessCheck[];
  /** Other request budgets than REQUEST_BUDGETS (gateway.limits.ts): tests make them small. */
  requestBudgets?: Partial<Record<RequestBudgetName, BucketPolicy>>;
  /** Other live-socket limits than LIVE_LIMITS (LIVE_SOCKETS_PER_IP, LIVE_SOCKETS_TOTAL; tests make them small). */
  liveLimits?: Partial<Record<LiveLimitName, number>>;
}

/** Private and loopback networks: a load balancer or ingress inside the cluster. */
export const DEFAULT_TRUSTED_PROXIES = 'loopback, linklocal, uniquelocal';

export const GATEWAY_CONTEXT = Symbol('GATEWAY_CONTEXT');
