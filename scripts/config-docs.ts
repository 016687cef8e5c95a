// Writes `.env.example` and the README's configuration tables from the configuration's schema
// (lib/config/): `npm run config:docs` after adding or changing a variable. A developer's command:
// what it says is for the terminal (console), not a service's log.
import { readFileSync, writeFileSync } from 'node:fs';
import { envExample, readmeWithTables } from '@/lib/config/env-docs';

writeFileSync('.env.example', envExample());
writeFileSync('README.md', readmeWithTables(readFileSync('README.md', 'utf8')));
console.log('[config:docs] wrote .env.example and the configuration tables of README.md');
