import { z } from 'zod';

/**
 * Who is asking. The gateway vouches for it on every request; services trust nothing else
 * from the caller and check ownership themselves.
 * - `guest`: no session at all (public pages).
 * - `user`: a signed-in user; `isAnonymous` marks a guest session without e-mail.
 * - `admin`: a user with the admin role in `user_roles`.
 * - `system`: a service acting on its own (event consumers, jobs).
 */
export const ActorSchema = z.object({
  userId: z.uuid().nullable(),
  role: z.enum(['guest', 'user', 'admin', 'system']),
  isAnonymous: z.boolean(),
  /** The session behind a signed-in actor (access-token `sid`), so sign-out can revoke it. */
  sessionId: z.uuid().optional(),
});
export type Actor = z.infer<typeof ActorSchema>;

export const GUEST: Actor = Object.freeze({ userId: null, role: 'guest', isAnonymous: false });
export const SYSTEM: Actor = Object.freeze({ userId: null, role: 'system', isAnonymous: false });
