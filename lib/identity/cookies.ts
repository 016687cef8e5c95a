/**
 * The cookies of a `Cookie` header. A value that is not valid percent-encoding is not ours (every
 * cookie we set is plain ASCII), so that cookie is ignored rather than failing the request.
 */
export function parseCookies(header: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of header?.split(';') ?? []) {
    const i = part.indexOf('=');
    const name = part.slice(0, Math.max(i, 0)).trim();
    if (!name) continue;
    try {
      map.set(name, decodeURIComponent(part.slice(i + 1).trim()));
    } catch {
      // URIError: a malformed %-sequence
    }
  }
  return map;
}
