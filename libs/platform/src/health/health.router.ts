import { Router } from 'express';
import { metricsRegistry } from '../telemetry/metrics.js';
import { checkReadiness, type ReadinessCheck } from './health.js';

/** `/health/live`, `/health/ready` and `/metrics`, mounted by every deployable's HTTP server. */
export function operationsRouter(checks: () => readonly ReadinessCheck[]): Router {
  const router = Router();
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/health/ready', async (_req, res) => {
    const report = await checkReadiness(checks());
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  });
  router.get('/metrics', async (_req, res) => {
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
  return router;
}
