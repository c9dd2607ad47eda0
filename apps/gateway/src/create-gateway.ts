import { BusClient, PinoNestLogger } from '@memoreel/platform';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express from 'express';
import { sameOriginWrites } from './accounts/same-origin-writes.js';
import { DEFAULT_TRUSTED_PROXIES, type GatewayContext } from './gateway.context.js';
import { GatewayModule } from './gateway.module.js';
import { RequestBudgets } from './graphql/request-budgets.js';
import { ResolverErrorLog } from './graphql/resolver-error-log.js';
import { keepIdleConnections } from './http/connections.js';
import { publicHealthRouter } from './http/ops-server.js';
import { requestLog } from './http/request-log.js';
import { requestTracing } from './http/request-tracing.js';
import { perAddressBudget } from './http/route-budgets.js';
import { securityHeaders } from './http/security-headers.js';
import { spaRouter } from './http/spa.js';
import { paymentWebhookRouter } from './payments/payment-webhook.router.js';
import { SharePreviews } from './sharing/share-previews.js';
import { SharedVideoCache, sharedVideoLookup } from './sharing/shared-video-cache.js';
import { sharingRouter } from './sharing/sharing.router.js';

/** Builds the gateway's HTTP app; the caller decides where it listens. */
export async function createGatewayApp(gateway: GatewayContext): Promise<INestApplication> {
  const budgets = new RequestBudgets(gateway.requestBudgets);
  const lookup = sharedVideoLookup(new BusClient(gateway.bus));
  const sharedVideos = new SharedVideoCache(lookup);
  const previews = new SharePreviews(sharedVideos, lookup, gateway.logger);
  const server = express();
  server.disable('x-powered-by');
  // Which proxies may say who the client is (X-Forwarded-For/-Proto): cookies keep Secure and
  // rate limits see the client's IP behind a load balancer, and nobody else can claim them.
  server.set('trust proxy', gateway.trustProxy ?? DEFAULT_TRUSTED_PROXIES);
  server.use(securityHeaders({ connectSources: gateway.connectSources ?? [] }));
  server.use(requestTracing);
  server.use(requestLog(gateway.logger));
  // Readiness and metrics answer on the ops port only (listenOps); liveness and the status page's
  // cached summary stay public.
  server.use(publicHealthRouter(gateway));
  // Host routes first: the storage router streams PUT bodies, so no body parser may run before it.
  // Each public route is counted per address before it does any work (docs/gateway-limits.md).
  for (const route of gateway.routes ?? [])
    server.use(route.path, perAddressBudget(budgets, 'storagePerIp'), route.handler);
  server.use('/billing/v1/webhooks', paymentWebhookRouter(new BusClient(gateway.bus), gateway.logger));
  server.use('/auth', perAddressBudget(budgets, 'authPerIp'));
  server.use('/shared-upload', perAddressBudget(budgets, 'sharedUploadPagesPerIp'));
  server.use('/auth/v1', sameOriginWrites(gateway.publicUrl));
  // After the storage routes (byte ranges of media must stay exact): gzip for the SPA and the API.
  server.use(compression());
  server.use(cookieParser());
  // Before Nest, whose init ends the chain with its own 404; the SPA router passes API paths on.
  // The shared page's metadata and preview image, before the SPA shell answers /v/{id} plainly.
  server.use(
    sharingRouter({
      sharedVideos,
      previews,
      budgets,
      publicUrl: gateway.publicUrl,
      webDistDir: gateway.webDistDir,
    }),
  );
  if (gateway.webDistDir) server.use(spaRouter(gateway.webDistDir));

  const app = await NestFactory.create(
    GatewayModule.register(gateway, { budgets, sharedVideos, previews }),
    new ExpressAdapter(server),
    {
      logger: new PinoNestLogger(gateway.logger),
      bodyParser: true,
    },
  );
  // Before init, when the resolvers' exception handlers are made: refusals are not logged as faults.
  app.useGlobalFilters(new ResolverErrorLog(app.getHttpAdapter()));
  keepIdleConnections(app.getHttpServer());
  await app.init();
  return app;
}
