import type { AuthModalMode } from './auth-modal-state';

/**
 * Spec §4 "After SIGNED_IN": the dashboard, except where the visitor already is what they came for
 * (the landing page, a shared video, a project) or while a guest turns into an account.
 */
export function afterSignInDestination(pathname: string, mode: AuthModalMode): '/dashboard' | null {
  if (mode === 'convert') return null;
  if (pathname === '/' || pathname.startsWith('/v/') || pathname.startsWith('/project')) return null;
  return '/dashboard';
}

/** Where an e-mail link or a social provider brings the user back to: the same place the modal would. */
export function returnPathAfterAuth(pathname: string, mode: AuthModalMode): string {
  return afterSignInDestination(pathname, mode) ?? pathname;
}
