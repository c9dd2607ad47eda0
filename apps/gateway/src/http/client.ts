import type { IncomingMessage } from 'node:http';
import type { ClientSchema } from '@memoreel/contracts';
import express, { type Request } from 'express';
import type { z } from 'zod';

/** The caller's address: `req.ip` honours trusted proxies only. */
export function addressOf(request: Request): string {
  return request.ip ?? request.socket.remoteAddress ?? 'unknown';
}

/** Who is calling, as the auth service's per-IP limits read it. */
export type Client = z.input<typeof ClientSchema>;

/** Who is calling, for the auth service's per-IP limits. */
export function clientOf(request: Request): Client {
  return {
    ip: addressOf(request),
    userAgent: request.get('user-agent')?.slice(0, 512),
  };
}

/** The app's own origin: the configured public URL, else what the browser (or trusted proxy) asked for. */
export function appOriginOf(request: Request, publicUrl: string | undefined): string {
  return publicUrl
    ? new URL(publicUrl).origin
    : `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}

/**
 * The client's IP of a request Express never saw (a graphql-ws upgrade), by the same `trust proxy`
 * rules as `req.ip`: Express's own getter runs on the bare request with a settings-only app.
 */
export function clientIpResolver(
  trustProxy: string | number | boolean,
): (request: IncomingMessage) => string {
  const settings = express().set('trust proxy', trustProxy);
  const ipGetter = Object.getOwnPropertyDescriptor(express.request, 'ip')?.get;
  return (request) => {
    const ip: unknown = ipGetter?.call({
      app: settings,
      headers: request.headers,
      socket: request.socket,
      connection: request.socket,
    });
    return typeof ip === 'string' && ip ? ip : (request.socket.remoteAddress ?? 'unknown');
  };
}
