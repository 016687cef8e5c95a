import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/api/openapi';

const APP = path.resolve(__dirname, '../../app');

// Route handlers that are not part of the API: the benchmark's constant baseline (404 unless
// BENCH_BASELINE=1, see bench/README.md).
const NOT_API = new Set(['/api/bench-baseline']);

/** Every route.ts under app/api with the HTTP methods it exports, as OpenAPI paths. */
function routes(): Array<{ path: string; methods: string[] }> {
  const found: Array<{ path: string; methods: string[] }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'route.ts') {
        const source = readFileSync(full, 'utf8');
        const methods = [...source.matchAll(/export const (?:\{ ?)?([A-Z, ]+?)(?: ?\})? =/g)].flatMap((m) => m[1].split(',').map((s) => s.trim().toLowerCase()));
        const route = '/' + path.relative(APP, dir).split(path.sep).map((seg) => seg.replace(/^\[(?:\.\.\.)?(.+)\]$/, '{$1}')).join('/');
        found.push({ path: route, methods });
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
      for (const method of route.methods) expect(item?.[method], `${method.toUpperCase()} ${route.path} is not documented`).toBeDefined();
    }
  });

  it('documents the SSE events and the error body', () => {
    const progress = doc.paths?.['/api/v1/conversions/{id}/progress']?.get;
    expect(progress?.description).toMatch(/completed/);
    expect(JSON.stringify(doc.components?.schemas?.Error)).toContain('code');
  });
});
