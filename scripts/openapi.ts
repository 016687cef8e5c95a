// Writes openapi.json, the committed OpenAPI document, from the operations (lib/api/openapi.ts):
//   npm run openapi
// The TypeScript client's types are generated from that file (clients/typescript), and a test fails
// while it differs from what GET /api/v1/openapi.json serves, so rerun this after changing an operation.
// A developer's command: what it says is for the terminal (console), not a service's log.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { openApiDocument } from '@/lib/api/openapi';

const OPENAPI_FILE = path.resolve(import.meta.dirname, '..', 'openapi.json');

async function main() {
  const json = JSON.stringify(openApiDocument(), null, 2);
  await writeFile(OPENAPI_FILE, await format(json, { ...(await resolveConfig(OPENAPI_FILE)), filepath: OPENAPI_FILE }));
  console.log(`[openapi] wrote ${path.relative(process.cwd(), OPENAPI_FILE)}`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
