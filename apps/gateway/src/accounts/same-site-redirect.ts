const HOME = '/';

/** Browsers drop tabs and newlines inside URLs and read `\` as `/`: either could turn a path into `//host`. */
function hasUnsafeCharacter(candidate: string): boolean {
  return [...candidate].some((character) => {
    const code = character.charCodeAt(0);
    return character === '\\' || code < 0x20 || code === 0x7f;
  });
}

/**
 * Where the browser may be sent after a link or provider: a path on the app itself. Accepts a
 * same-site path (`/x`) or an absolute URL on `appOrigin` and answers its path; anything else
 * (`//evil`, `https://evil`, `javascript:`, backslashes) becomes `/`.
 */
export function sameSiteRedirect(candidate: string | undefined, appOrigin: string): string {
  if (!candidate || hasUnsafeCharacter(candidate)) return HOME;
  let url: URL;
  try {
    url = new URL(candidate, appOrigin);
  } catch {
    return HOME;
  }
  if (url.origin !== new URL(appOrigin).origin) return HOME;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can normalise `/..//evil` into `//evil`, which a browser reads as another host.
  return path.startsWith('//') ? HOME : path;
}

/** The same check for an optional value: absent stays absent, so the auth service keeps its default. */
export function optionalSameSiteRedirect(
  candidate: string | undefined,
  appOrigin: string,
): string | undefined {
  return candidate === undefined ? undefined : sameSiteRedirect(candidate, appOrigin);
}
