/**
 * Where to go after signing in. Only paths on this site are accepted, so a crafted link cannot
 * bounce people to another site after they trust us with a sign-in (an open redirect).
 */
export function redirectTarget(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
