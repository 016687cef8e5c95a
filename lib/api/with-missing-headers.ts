/**
 * A library's answer (tus) with headers added where it has none of that name, so what lib/ adds to
 * it stays data and the HTTP answer is built here.
 */
export function withMissingHeaders(response: Response, headers: Record<string, string>): Response {
  const missing = Object.entries(headers).filter(([name]) => !response.headers.has(name));
  if (missing.length === 0) return response;
  const merged = new Headers(response.headers);
  for (const [name, value] of missing) merged.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers: merged });
}
