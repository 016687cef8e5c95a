import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/api/openapi';
import { operations } from '@/lib/api/operations';

const SOURCE = 'transmute-openapi.json';

// Deliberate exceptions, each with its reason:
// - operation-4xx-response on health and liveness: they take no input and is not rate limited, so it has no 4xx;
// - operation-2xx-response on the cloud OAuth callback and the SSO link form: a browser lands there,
//   and success is a redirect.
const IGNORED = {
  'operation-4xx-response': new Set([
    '#/paths/~1api~1v1~1health/get/responses',
    '#/paths/~1api~1v1~1health~1live/get/responses',
  ]),
  'operation-2xx-response': new Set([
    '#/paths/~1api~1v1~1cloud~1{provider}~1callback/get/responses',
    '#/paths/~1api~1auth~1sso-link/post/responses',
  ]),
};

describe('OpenAPI document lint', () => {
  it("passes Redocly's recommended rules without a warning", async () => {
    const config = await createConfig({ extends: ['recommended'] }, { ignore: { [SOURCE]: IGNORED } });
    const problems = await lintFromString({ source: JSON.stringify(openApiDocument()), absoluteRef: SOURCE, config });
    const lines = problems
      .filter((p) => !p.ignored)
      .map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(lines).toEqual([]);
  });

  it('publishes the licence of package.json and the LICENSE file', () => {
    expect(openApiDocument().info.license).toEqual({ name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' });
    expect(readFileSync('LICENSE', 'utf8')).toMatch(/^\s*GNU AFFERO GENERAL PUBLIC LICENSE\s+Version 3/);
  });

  it('gives every operation a unique camelCase operationId', () => {
    const ids = operations.map((op) => op.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });
});
