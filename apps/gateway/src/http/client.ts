import type { ClientSchema } from '@memoreel/contracts';
import type { Request } from 'express';
import type { z } from 'zod';

/** Who is calling, for the auth service's per-IP limits: `req.ip` honours trusted proxies only. */
export function clientOf(request: Request): z.input<typeof ClientSchema> {
  return {
    ip: request.ip ?? request.socket.remoteAddress ?? 'unknown',
    userAgent: request.get('user-agent')?.slice(0, 512),
  };
}

/** The app's own origin: the configured public URL, else what the browser (or trusted proxy) asked for. */
export function appOriginOf(request: Request, publicUrl: string | undefined): string {
  return publicUrl
    ? new URL(publicUrl).origin
    : `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}
