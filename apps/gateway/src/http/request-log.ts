import type { Logger } from '@memoreel/platform';
import type { Request, RequestHandler } from 'express';

/** Paths whose every request is worth a line; the rest (the SPA's files, media, probes) only when they fail. */
const API_PATHS = ['/graphql', '/auth/', '/billing/'];

function operationOf(req: Request): string | undefined {
  const body = req.body as { operationName?: unknown } | undefined;
  return typeof body?.operationName === 'string' ? body.operationName : undefined;
}

/**
 * One line per API request when it ends: `POST /graphql Projects 200 12 ms`. Server errors are
 * logged as errors, client errors as warnings; health checks and static files stay quiet.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.on('finish', () => {
      const status = res.statusCode;
      // Routers mounted on a prefix (Apollo on /graphql) leave req.path relative to it.
      const path = req.originalUrl.split('?')[0] ?? req.path;
      const api = API_PATHS.some((prefix) => path.startsWith(prefix)) || req.method !== 'GET';
      if (!api && status < 500) return;
      if (path.startsWith('/health') || path === '/metrics') return;
      const durationMs = Math.round(performance.now() - started);
      const operation = operationOf(req);
      const fields = {
        method: req.method,
        path,
        status,
        durationMs,
        ...(operation ? { operation } : {}),
      };
      const line = `${req.method} ${path}${operation ? ` ${operation}` : ''} ${status} ${durationMs} ms`;
      if (status >= 500) logger.error(fields, line);
      else if (status >= 400) logger.warn(fields, line);
      else logger.info(fields, line);
    });
    next();
  };
}
