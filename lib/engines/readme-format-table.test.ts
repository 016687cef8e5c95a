import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMAT_FAMILIES } from '@/lib/formats/catalog';
import { isInstalled } from './sandbox/programs';
import { listFormats } from './registry';
import { SPECIALIST_ENGINES } from './specialist-engines';

// The README's "Formats" section says what GET /api/v1/formats lists on a machine set up by
// scripts/setup.sh: the totals and one row per family. It is held to the listing, so a format or
// engine added without the README (or the other way round) fails here.

const readme = readFileSync(path.join(process.cwd(), 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('\n## Formats\n'),
  readme.indexOf('\n## ', readme.indexOf('\n## Formats\n') + 1),
);

/** `| image (81) | … |` → [['image'], 81]; a row may name several families (`spreadsheet, presentation (31)`). */
const rows = [...section.matchAll(/^\| ([a-z, ]+) \((\d+)\) \|/gm)].map(
  ([, families, count]) => [families.split(', '), Number(count)] as const,
);

const everyEngineInstalled = SPECIALIST_ENGINES.every(isInstalled);
const number = (s: string) => Number(s.replace(/,/g, ''));

describe("README's format table", () => {
  it('has one row for each family', () => {
    expect(rows.flatMap(([families]) => families).sort()).toEqual([...FORMAT_FAMILIES].sort());
  });

  it.skipIf(!everyEngineInstalled)('counts the inputs, outputs and pairs GET /api/v1/formats lists', () => {
    const listed = listFormats();
    const totals = /\*\*([\d,]+) inputs, ([\d,]+) outputs, ([\d,]+) pairs\*\*/.exec(section);
    expect(totals?.slice(1).map(number)).toEqual([
      listed.length,
      new Set(listed.flatMap((f) => f.targets)).size,
      listed.reduce((n, f) => n + f.targets.length, 0),
    ]);
  });

  it.skipIf(!everyEngineInstalled)('counts the inputs of each family GET /api/v1/formats lists', () => {
    const listed = listFormats();
    for (const [families, count] of rows) {
      expect(listed.filter((f) => families.includes(f.family)).length, families.join(', ')).toBe(count);
    }
  });
});
