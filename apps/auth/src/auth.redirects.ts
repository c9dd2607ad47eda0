/**
 * Where a link or provider may send the browser back to: a same-site path (`/x`, never `//x`) or
 * an address on the app's own origin. Anything else is dropped (the gateway checks again).
 */
export function safeRedirect(redirectTo: string | undefined, publicUrl: string): string | undefined {
  if (!redirectTo) return undefined;
  if (redirectTo.startsWith('/')) {
    return redirectTo.startsWith('//') || redirectTo.startsWith('/\\') ? undefined : redirectTo;
  }
  try {
    return new URL(redirectTo).origin === new URL(publicUrl).origin ? redirectTo : undefined;
  } catch {
    return undefined;
  }
}
