import type { RequestHandler } from 'express';

export interface SecurityHeaderOptions {
  /**
   * Origins beyond our own the SPA may call: object storage in the cluster, where photos and music
   * are uploaded to, and shown and played from, presigned URLs.
   */
  connectSources?: readonly string[];
}

/** The policy for our pages; `'self'` also covers our own ws:/wss: (CSP 3), so no scheme-wide wildcard. */
export function contentSecurityPolicy({ connectSources = [] }: SecurityHeaderOptions = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React style attributes (progress bars, transforms) need inline styles; no inline scripts.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...connectSources].join(' '),
    // data: for the silent clips the video player (Remotion) primes audio with.
    ["media-src 'self' data: blob:", ...connectSources].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectSources].join(' '),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** A year, with subdomains: once a browser has seen Memoreel over HTTPS it never tries plain HTTP. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export function securityHeaders(options: SecurityHeaderOptions = {}): RequestHandler {
  const policy = contentSecurityPolicy(options);
  return (req, res, next) => {
    res.setHeader('Content-Security-Policy', policy);
    // Only over HTTPS (directly, or as a trusted proxy says): over plain HTTP browsers ignore it.
    if (req.secure) res.setHeader('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    next();
  };
}
