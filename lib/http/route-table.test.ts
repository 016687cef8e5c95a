import { describe, expect, it } from 'vitest';
import { matchRoute, routeTable } from './route-table';

// Entries as `next build` writes them in .next/server/app-paths-manifest.json.
const MANIFEST = {
  '/api/v1/[...path]/route': 'app/api/v1/[...path]/route.js',
  '/api/v1/admin/accounts/[id]/route': 'app/api/v1/admin/accounts/[id]/route.js',
  '/api/v1/admin/accounts/route': 'app/api/v1/admin/accounts/route.js',
  '/api/v1/conversions/[id]/route': 'app/api/v1/conversions/[id]/route.js',
  '/api/v1/conversions/[id]/progress/route': 'app/api/v1/conversions/[id]/progress/route.js',
  '/api/v1/conversions/[id]/shares/[token]/route': 'app/api/v1/conversions/[id]/shares/[token]/route.js',
  '/api/v1/convert/route': 'app/api/v1/convert/route.js',
  '/api/v1/convert/status/[id]/route': 'app/api/v1/convert/status/[id]/route.js',
  '/api/v1/convert/upload/route': 'app/api/v1/convert/upload/route.js',
  '/api/v1/openapi.json/route': 'app/api/v1/openapi.json/route.js',
  '/api/v1/tus/[token]/route': 'app/api/v1/tus/[token]/route.js',
  '/api/v1/tus/route': 'app/api/v1/tus/route.js',
  '/api/v1/optional/[[...rest]]/route': 'app/api/v1/optional/[[...rest]]/route.js',
  '/api/auth/[...nextauth]/route': 'app/api/auth/[...nextauth]/route.js',
  '/(auth)/sign-in/page': 'app/(auth)/sign-in/page.js',
  '/convert/page': 'app/convert/page.js',
};

const table = routeTable(MANIFEST, '/api/v1/');
const match = (pathname: string) => matchRoute(table, pathname);

describe('routeTable and matchRoute', () => {
  it('takes only the route handlers under the prefix, not pages or other APIs', () => {
    const files = table.map((r) => r.file);
    expect(files).toContain('app/api/v1/convert/route.js');
    expect(files).not.toContain('app/api/auth/[...nextauth]/route.js');
    expect(files).not.toContain('app/convert/page.js');
    // An optional catch-all is left to Next, which matches it with and without the segment.
    expect(files).not.toContain('app/api/v1/optional/[[...rest]]/route.js');
  });

  it('gives a static segment precedence over a [param], and both over the catch-all', () => {
    expect(match('/api/v1/convert/upload')).toEqual({ file: 'app/api/v1/convert/upload/route.js', params: {} });
    expect(match('/api/v1/convert')).toEqual({ file: 'app/api/v1/convert/route.js', params: {} });
    expect(match('/api/v1/admin/accounts')?.file).toBe('app/api/v1/admin/accounts/route.js');
    expect(match('/api/v1/tus')?.file).toBe('app/api/v1/tus/route.js');
    expect(match('/api/v1/openapi.json')?.file).toBe('app/api/v1/openapi.json/route.js');
  });

  it('reads params from their segments', () => {
    expect(match('/api/v1/convert/status/123')).toEqual({
      file: 'app/api/v1/convert/status/[id]/route.js',
      params: { id: '123' },
    });
    expect(match('/api/v1/conversions/7/shares/abc_DEF-1')).toEqual({
      file: 'app/api/v1/conversions/[id]/shares/[token]/route.js',
      params: { id: '7', token: 'abc_DEF-1' },
    });
    expect(match('/api/v1/conversions/7/progress')?.file).toBe('app/api/v1/conversions/[id]/progress/route.js');
    expect(match('/api/v1/tus/tok')).toEqual({ file: 'app/api/v1/tus/[token]/route.js', params: { token: 'tok' } });
  });

  it('sends a path no route has to the catch-all, with its segments', () => {
    expect(match('/api/v1/nothing/here')).toEqual({
      file: 'app/api/v1/[...path]/route.js',
      params: { path: ['nothing', 'here'] },
    });
    expect(match('/api/v1/convert/status/1/extra')?.file).toBe('app/api/v1/[...path]/route.js');
    expect(match('/api/v1/convert/status')?.file).toBe('app/api/v1/[...path]/route.js');
  });

  it('leaves to Next what Next rewrites or redirects before routing', () => {
    for (const path of [
      '/api/v1/convert/', // trailing slash: Next's 308
      '/api/v1//convert', // doubled slash: Next's 308
      '/api/v1/convert/status/%31', // an escape: Next decodes
      '/api/v1/convert\\upload',
      '/api/v1/convert/status/../upload',
      '/api/v1/./convert',
      '/api/v1',
      '/convert',
    ]) {
      expect(match(path), path).toBeUndefined();
    }
  });
});
