import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as openapi from '@/app/api/v1/openapi.json/route';
import { RouteClient } from '@/tests/support/route-client';

// openapi.json is what clients are generated from (clients/typescript), so it must be what the
// service serves. `npm run openapi` rewrites it from the operations.
describe('the committed openapi.json', () => {
  it('is the document GET /api/v1/openapi.json serves (regenerate it with `npm run openapi`)', async () => {
    const committed = JSON.parse(await readFile(path.resolve(__dirname, '..', 'openapi.json'), 'utf8'));
    const res = await new RouteClient().call(openapi.GET, { path: '/api/v1/openapi.json' });
    expect(res.status).toBe(200);
    const served = await res.json();
    expect(committed, 'openapi.json is stale: run `npm run openapi`').toEqual(served);
    expect(committed.info.version).toBe('2.0.0');
  });
});
