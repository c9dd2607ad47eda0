import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';

const API_PREFIXES = ['/graphql', '/health', '/metrics', '/storage', '/api', '/auth/v1', '/dev', '/billing'];

/**
 * Serves the built SPA: hashed assets cached for a year, every other GET answered with
 * index.html so the client router decides (including its not-found page).
 */
export function spaRouter(distDir: string): Router {
  const indexHtml = join(distDir, 'index.html');
  if (!existsSync(indexHtml)) throw new Error(`The web app is not built: ${indexHtml} is missing`);
  const router = express.Router();
  router.use(
    '/assets',
    express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
  );
  router.use(express.static(distDir, { index: false, maxAge: '1h' }));
  router.get(/.*/, (req, res, next) => {
    if (API_PREFIXES.some((prefix) => req.path === prefix || req.path.startsWith(`${prefix}/`)))
      return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return router;
}
