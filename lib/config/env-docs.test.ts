import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configurationTables, envExample, TABLES_END, TABLES_START } from './env-docs';
import { ALL_SETTINGS, OUTSIDE_SCHEMA } from './schema';
import { typeOf } from './setting-types';

// The committed documentation of the configuration, and the files that set or read it, agree with
// the schema. After changing a variable: `npm run config:docs`.

const root = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('documentation written from the schema', () => {
  it('.env.example is what the schema writes', () => {
    expect(read('.env.example')).toBe(envExample());
  });

  it("the README's configuration tables are what the schema writes", () => {
    const readme = read('README.md');
    const start = readme.indexOf(TABLES_START);
    const end = readme.indexOf(TABLES_END);
    expect(start).toBeGreaterThan(-1);
    expect(readme.slice(start, end + TABLES_END.length)).toBe(configurationTables());
  });

  it('documents every variable, and a family once', () => {
    const tables = configurationTables();
    for (const [name, s] of Object.entries(ALL_SETTINGS)) {
      expect(tables).toContain(`| \`${s.family ?? name}\` |`);
      expect(typeOf(s), name).toBeTruthy();
    }
    expect(tables.match(/PLAN_<PLAN>_<LIMIT>/g)).toHaveLength(1);
  });
});

/** Every `NAME:` under the `environment:` of compose.yaml's shared service settings (x-transmute). */
function composeServiceVariables(compose: string): string[] {
  const block = compose.slice(compose.indexOf('x-transmute:'), compose.indexOf('\nservices:'));
  const env = block.slice(block.indexOf('  environment:'));
  return [...env.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
}

describe('compose.yaml', () => {
  it('sets only variables the schema knows, in the environment every Transmute service shares', () => {
    const variables = composeServiceVariables(read('compose.yaml'));
    expect(variables).toContain('APP_SECRET');
    expect(variables).toContain('DATABASE_URL');
    expect(variables.filter((name) => !(name in ALL_SETTINGS))).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (entry === 'generated' || entry === 'node_modules') return [];
    if (statSync(path.join(root, file)).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry) && !/\.test\.ts$/.test(entry) ? [file] : [];
  });
}

describe('every variable the service reads', () => {
  it('is in the schema, or one of the few read outside it', () => {
    const known = new Set<string>([...Object.keys(ALL_SETTINGS), ...OUTSIDE_SCHEMA]);
    const unknown = new Set<string>();
    for (const file of ['lib', 'app', 'inngest', 'scripts'].flatMap(sourceFiles)) {
      for (const m of read(file).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) {
        if (!known.has(m[1])) unknown.add(`${m[1]} (${file})`);
      }
    }
    expect([...unknown]).toEqual([]);
  });
});
