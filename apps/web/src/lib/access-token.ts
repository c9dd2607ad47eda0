/** Reads the signed-in user's access token; the auth feature provides it, GraphQL calls read it. */
export type AccessTokenGetter = () => string | null;

let readAccessToken: AccessTokenGetter = () => null;
const identityListeners = new Set<() => void>();

/** Called once by the auth provider: the token lives in its memory only, never in storage. */
export function setAccessTokenGetter(getter: AccessTokenGetter): void {
  readAccessToken = getter;
}

/** `Bearer …` for the current user, or null for a visitor without a session. */
export function bearerAuthorization(): string | null {
  const token = readAccessToken();
  return token ? `Bearer ${token}` : null;
}

/**
 * Connections that identify once (the live socket) listen here to reconnect as the new user.
 * A signal rather than an import keeps graphql-ws out of the first download.
 */
export function onIdentityChange(listener: () => void): () => void {
  identityListeners.add(listener);
  return () => identityListeners.delete(listener);
}

/** Someone signed in or out, or the access token was renewed. */
export function announceIdentityChange(): void {
  for (const listener of identityListeners) listener();
}
