import type { AnyOperation } from '@/lib/schemas/operation';

// The route handler of an operation of the registry (lib/api/operations.ts), so a test can walk
// the operations rather than list their routes by hand.

export type Handler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type RouteModule = Record<string, unknown>;

export const routeModules = import.meta.glob<RouteModule>('/app/api/**/route.ts');

/** The route module serving an OpenAPI path: `{id}` is the folder `[id]` (or `[...id]`). */
export async function handlerOf(op: AnyOperation): Promise<Handler> {
  const file = Object.keys(routeModules).find((f) => {
    const route = f
      .replace(/^\/app/, '')
      .replace(/\/route\.ts$/, '')
      .replace(/\[(?:\.\.\.)?([^\]]+)\]/g, '{$1}');
    return route === op.path;
  });
  if (!file) throw new Error(`${op.operationId}: no route module serves ${op.path}`);
  const handler = (await routeModules[file]())[op.method.toUpperCase()];
  if (typeof handler !== 'function') throw new Error(`${op.operationId}: ${file} exports no ${op.method}`);
  return handler as Handler;
}
