import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';

// The client's types are openapi-typescript's output for the committed openapi.json, so a changed
// operation changes them (`npm run openapi` regenerates both).
describe('clients/typescript/src/schema.ts', () => {
  it('is what openapi-typescript generates from openapi.json', async () => {
    const root = path.resolve(__dirname, '../../..');
    const committed = path.join(root, 'clients/typescript/src/schema.ts');
    const dir = await mkdtemp(path.join(tmpdir(), 'transmute-schema-'));
    try {
      const generated = path.join(dir, 'schema.ts');
      await promisify(execFile)(path.join(root, 'node_modules/.bin/openapi-typescript'), [
        path.join(root, 'openapi.json'),
        '-o',
        generated,
      ]);
      const formatted = await format(await readFile(generated, 'utf8'), {
        ...(await resolveConfig(committed)),
        filepath: committed,
      });
      expect(formatted === (await readFile(committed, 'utf8')), 'schema.ts is stale: run `npm run openapi`').toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
