import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkReadiness, operationsRouter, type ReadinessReport } from '@memoreel/platform';
import express, { type Router } from 'express';
import type { GatewayContext } from '../gateway.context.js';

/** The ops listener: where it answers, and how to stop it. */
export interface OpsServer {
  /** e.g. `http://127.0.0.1:9464` (the port the OS gave when asked for 0). */
  url: string;
  port: number;
  close: () => Promise<void>;
}

/** How long the public status page's answer is reused: a flood of it never reaches a dependency. */
const PUBLIC_STATUS_SECONDS = 15;

/**
 * What the public port keeps: `/health/live` for uptime checks from outside the cluster, and
 * `/health/status` for the /status page — readiness as ok/error per dependency, worked out at most
 * once every PUBLIC_STATUS_SECONDS whoever asks (concurrent askers share one check).
 */
export function publicHealthRouter(gateway: Pick<GatewayContext, 'bus' | 'readiness'>): Router {
  const router = express.Router();
  let last: { at: number; report: Promise<ReadinessReport> } | undefined;
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/health/status', async (_req, res) => {
    if (!last || Date.now() - last.at > PUBLIC_STATUS_SECONDS * 1000)
      last = { at: Date.now(), report: checkReadiness(readinessChecks(gateway)) };
    res.set('cache-control', `public, max-age=${PUBLIC_STATUS_SECONDS}`).json(await last.report);
  });
  return router;
}

function readinessChecks(gateway: Pick<GatewayContext, 'bus' | 'readiness'>) {
  return [{ name: 'bus', check: () => gateway.bus.isReady() }, ...(gateway.readiness ?? [])];
}

/**
 * `/health/live`, `/health/ready` and `/metrics` on their own port (OPS_PORT), never the public one:
 * readiness names our dependencies and metrics our traffic, and a public scrape costs the event loop.
 * The chart's probes and PodMonitor use this port; the Ingress only routes the public one.
 */
export async function listenOps(
  gateway: Pick<GatewayContext, 'bus' | 'readiness'>,
  port: number,
  host: string,
): Promise<OpsServer> {
  const app = express();
  app.disable('x-powered-by');
  app.use(operationsRouter(() => readinessChecks(gateway)));
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, host, () => resolve(listening)).once('error', reject);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
