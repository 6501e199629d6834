/**
 * Which browser origins may call this server: its own, and those named in CORS_ORIGINS. A request without an
 * `Origin` header comes from no browser page (a script, a server), and origins do not apply to it.
 */
export function originAllowed(
  origin: string | undefined,
  ownHosts: readonly (string | undefined)[],
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  return ownHosts.some((h) => h !== undefined && h.toLowerCase() === host);
}
