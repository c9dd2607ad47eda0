import type { CookieOptions, Request, Response } from 'express';
import { z } from 'zod';

/**
 * What the callback needs from the authorize step (state, PKCE verifier, nonce, where to go),
 * kept in the browser: HttpOnly, sent only to the callback, gone after ten minutes.
 */
const SocialFlowSchema = z.object({
  provider: z.string().min(1).max(40),
  state: z.string().min(1).max(512),
  codeVerifier: z.string().min(1).max(512),
  nonce: z.string().min(1).max(512),
  redirectTo: z.string().max(2048),
});
export type SocialFlow = z.infer<typeof SocialFlowSchema>;

const SOCIAL_FLOW_COOKIE = 'memoreel-oidc';
const SOCIAL_FLOW_MAX_AGE_MS = 10 * 60 * 1000;

function socialFlowCookieOptions(request: Request): CookieOptions {
  // Lax still reaches the callback: the provider sends the browser back with a top-level GET.
  return { httpOnly: true, sameSite: 'lax', path: '/auth/v1/callback', secure: request.secure };
}

export function rememberSocialFlow(request: Request, response: Response, flow: SocialFlow): void {
  response.cookie(SOCIAL_FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
    ...socialFlowCookieOptions(request),
    maxAge: SOCIAL_FLOW_MAX_AGE_MS,
  });
}

/** The flow this browser started, once: the cookie is cleared as it is read. */
export function takeSocialFlow(request: Request, response: Response): SocialFlow | undefined {
  const value: unknown = request.cookies?.[SOCIAL_FLOW_COOKIE];
  response.clearCookie(SOCIAL_FLOW_COOKIE, socialFlowCookieOptions(request));
  if (typeof value !== 'string') return undefined;
  try {
    const flow = SocialFlowSchema.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
    return flow.success ? flow.data : undefined;
  } catch {
    return undefined;
  }
}
