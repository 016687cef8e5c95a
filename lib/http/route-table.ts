// Which of Next's app routes answers a path, from the route list `next build` writes
// (.next/server/app-paths-manifest.json: "/api/v1/convert/status/[id]/route" → its compiled file),
// in Next's order: at each segment a static name before a [param], a [param] before a [...rest].
// Used by the web server to call API route handlers without Next's router
// (lib/api/direct-routes.ts). A path this table cannot place exactly as Next would (an
// escape, a trailing or doubled slash, a dot segment, an optional catch-all) matches nothing,
// and Next's router answers it.

export type RouteParams = Record<string, string | string[]>;
export type RouteMatch = { file: string; params: RouteParams };

type Segment = { kind: 'static'; name: string } | { kind: 'param'; name: string } | { kind: 'rest'; name: string };
type Route = { segments: Segment[]; file: string };

const RANK = { static: 0, param: 1, rest: 2 } as const;

function parseSegment(text: string): Segment | undefined {
  if (text.startsWith('[[')) return undefined; // optional catch-all: left to Next
  if (text.startsWith('[...') && text.endsWith(']')) return { kind: 'rest', name: text.slice(4, -1) };
  if (text.startsWith('[') && text.endsWith(']')) return { kind: 'param', name: text.slice(1, -1) };
  if (text.startsWith('(') || text.startsWith('@') || text.includes('[')) return undefined; // groups, slots
  return { kind: 'static', name: text };
}

/** Earlier is tried first: Next's precedence, segment by segment. */
function compareRoutes(a: Route, b: Route): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const x = a.segments[i]!;
    const y = b.segments[i]!;
    if (x.kind !== y.kind) return RANK[x.kind] - RANK[y.kind];
  }
  return b.segments.length - a.segments.length;
}

/**
 * The route handlers under `prefix` (e.g. "/api/v1/") of an app-paths manifest, in the order to try
 * them. Routes whose path this table cannot express are left out, and their paths go to Next.
 */
export function routeTable(manifest: Record<string, string>, prefix: string): Route[] {
  const routes: Route[] = [];
  for (const [page, file] of Object.entries(manifest)) {
    if (!page.startsWith(prefix) || !page.endsWith('/route')) continue;
    const parsed = page.slice(1, -'/route'.length).split('/').map(parseSegment);
    if (parsed.some((s) => !s)) continue;
    const segments = parsed as Segment[];
    if (segments.slice(0, -1).some((s) => s.kind === 'rest')) continue;
    routes.push({ segments, file });
  }
  return routes.sort(compareRoutes);
}

/** The route that answers `pathname` (no query) and its params, or undefined for Next to route. */
export function matchRoute(routes: readonly Route[], pathname: string): RouteMatch | undefined {
  if (/[%\\]|\/\/|\/$/.test(pathname)) return undefined;
  const parts = pathname.slice(1).split('/');
  if (parts.some((p) => p === '.' || p === '..')) return undefined;
  for (const route of routes) {
    const params = matchSegments(route.segments, parts);
    if (params) return { file: route.file, params };
  }
  return undefined;
}

function matchSegments(segments: readonly Segment[], parts: readonly string[]): RouteParams | undefined {
  const params: RouteParams = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment.kind === 'rest') {
      if (i >= parts.length) return undefined;
      params[segment.name] = parts.slice(i);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment.kind === 'static' ? part !== segment.name : part === '') return undefined;
    if (segment.kind === 'param') params[segment.name] = part;
  }
  return segments.length === parts.length ? params : undefined;
}
