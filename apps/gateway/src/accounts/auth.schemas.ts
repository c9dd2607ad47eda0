import {
  OtpTypeSchema,
  RedirectSchema,
  recoverPassword,
  sendOtp,
  signInAnonymously,
  signInWithPassword,
  signOut,
  signUp,
  updateUser,
  verifyOtp,
} from '@memoreel/contracts';
import { z } from 'zod';

/**
 * What the browser may send, derived from the bus contracts: the same fields without `client`,
 * which the gateway fills in from the connection (a body cannot choose its own IP).
 */
export const SignUpBody = signUp.request.omit({ client: true });
export const PasswordGrantBody = signInWithPassword.request.omit({ client: true });
export const AnonymousSignInBody = signInAnonymously.request.omit({ client: true });
export const UpdateUserBody = updateUser.request.omit({ client: true });
export const RecoverBody = recoverPassword.request.omit({ client: true });
export const OtpBody = sendOtp.request.omit({ client: true });
export const VerifyBody = verifyOtp.request.omit({ client: true });

export const TokenQuery = z.object({ grant_type: z.enum(['password', 'refresh_token']) });
export const SignOutQuery = z.object({ scope: signOut.request.shape.scope });

/** The link in an e-mail. */
export const VerifyLinkQuery = z.object({
  token_hash: z.string().min(1).max(128),
  type: OtpTypeSchema,
  redirect_to: RedirectSchema,
});

export const AuthorizeQuery = z.object({
  provider: z.string().min(1).max(40),
  redirect_to: RedirectSchema,
});
