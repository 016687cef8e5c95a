import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/api/openapi';

const APP = path.resolve(__dirname, '../../app');

// The one route handler that is not part of the API: the /api/v1 catch-all, which is no operation:
// it answers every path no route matches with a JSON 404 (stated in the document's description).
const NOT_API = new Set(['/api/v1/{path}']);

const METHOD = 'GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS';

/** The HTTP methods a route module exports, in any of the forms TypeScript allows. */
export function exportedMethods(source: string): string[] {
  const found = new Set<string>();
  const add = (name: string) => {
    if (new RegExp(`^(?:${METHOD})$`).test(name)) found.add(name.toLowerCase());
  };
  // export const GET = …, export function GET, export async function GET
  for (const m of source.matchAll(/export\s+(?:const|let|var|(?:async\s+)?function\*?)\s+([A-Z]+)\b/g)) add(m[1]);
  // export const { GET, POST } = …
  for (const m of source.matchAll(/export\s+const\s*\{([^}]*)\}\s*=/g)) {
    for (const part of m[1].split(',')) add(part.split(':').pop()!.trim());
  }
  // export { handler as GET, POST }
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(','))
      add(
        part
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      );
  }
  return [...found];
}

/** Every route.ts under app/api with the HTTP methods it exports, as OpenAPI paths. */
function routes(): Array<{ path: string; methods: string[] }> {
  const found: Array<{ path: string; methods: string[] }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'route.ts') {
        const segments = path.relative(APP, dir).split(path.sep);
        const route = '/' + segments.map((seg) => seg.replace(/^\[(?:\.\.\.)?(.+)\]$/, '{$1}')).join('/');
        found.push({ path: route, methods: exportedMethods(readFileSync(full, 'utf8')) });
      }
    }
  };
  walk(path.join(APP, 'api'));
  return found;
}

describe('OpenAPI document', () => {
  const doc = openApiDocument();

  it('is OpenAPI 3.1 for interface version 2.0.0', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2.0.0');
  });

  it('describes every route that exists', () => {
    const list = routes();
    expect(list.length).toBeGreaterThan(5);
    for (const route of list) {
      if (NOT_API.has(route.path)) continue;
      const item = doc.paths?.[route.path] as Record<string, unknown> | undefined;
      expect(item, `${route.path} is not in the OpenAPI document`).toBeDefined();
      // The Inngest endpoint serves GET/POST/PUT of one protocol and is documented once.
      if (route.path === '/api/inngest') continue;
      for (const method of route.methods) {
        expect(item?.[method], `${method.toUpperCase()} ${route.path} is not documented`).toBeDefined();
      }
    }
  });

  it('finds every form of exported method', () => {
    const forms = [
      'export const GET = withApi(op, handler);',
      'export async function POST(request: Request) {}',
      'export function PUT() {}',
      'export { handler as PATCH, handler as DELETE };',
      'export const { HEAD, OPTIONS } = handlers;',
    ].join('\n');
    expect(exportedMethods(forms).sort()).toEqual(['delete', 'get', 'head', 'options', 'patch', 'post', 'put']);
    expect(exportedMethods('export const dynamic = 1;\nexport { helper };')).toEqual([]);
  });

  it('covers the Stripe webhook and next-auth routes', () => {
    const list = routes();
    expect(list.find((r) => r.path === '/api/webhooks/stripe')?.methods).toEqual(['post']);
    expect(list.find((r) => r.path === '/api/auth/{nextauth}')?.methods.sort()).toEqual(['get', 'post']);
  });

  it('documents the SSE events and the error body', () => {
    const progress = doc.paths?.['/api/v1/conversions/{id}/progress']?.get;
    expect(progress?.description).toMatch(/completed/);
    expect(JSON.stringify(doc.components?.schemas?.Error)).toContain('code');
  });
});
