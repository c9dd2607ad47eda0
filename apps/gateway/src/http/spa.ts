import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';

const API_PREFIXES = ['/graphql', '/health', '/metrics', '/storage', '/api', '/auth/v1', '/dev', '/billing'];

/** Where the web build puts the pages it prerendered (apps/web/scripts/prerender-landing.mjs). */
const PRERENDERED_DIR = 'prerendered';

/**
 * The prerendered pages by the path they answer: `index.html` is `/`, `faq.html` is `/faq`. Read
 * once at start-up, so a request path never becomes a file name.
 */
function prerenderedPages(distDir: string): Map<string, string> {
  const dir = join(distDir, PRERENDERED_DIR);
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.html'))
      .map((name) => {
        const page = name.slice(0, -'.html'.length);
        return [page === 'index' ? '/' : `/${page}`, join(dir, name)];
      }),
  );
}

/**
 * Serves the built SPA: hashed assets cached for a year; the landing page's paths answered with
 * their prerendered HTML, so the first paint needs no script; every other GET answered with
 * index.html so the client router decides (including its not-found page).
 */
export function spaRouter(distDir: string): Router {
  const indexHtml = join(distDir, 'index.html');
  if (!existsSync(indexHtml)) throw new Error(`The web app is not built: ${indexHtml} is missing`);
  const prerendered = prerenderedPages(distDir);
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
    res.sendFile(prerendered.get(req.path) ?? indexHtml);
  });
  return router;
}
