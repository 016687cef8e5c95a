import { cruise, type IModule } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

// lib's modules depend one way: the base (lib/domain, lib/errors.ts, lib/config, …) below the
// conversion core, the core below the features, the process wiring on top. Two folders that import
// each other are one module or a missing layer, so any such pair fails, whichever way is "right";
// type-only imports count, since they couple modules as much as the rest.

/** lib's files and what each imports inside lib (tests and the generated Prisma client left out). */
async function libModules(): Promise<IModule[]> {
  const result = await cruise(
    ['lib'],
    {
      tsPreCompilationDeps: true,
      tsConfig: { fileName: 'tsconfig.json' },
      includeOnly: '^lib/',
      exclude: { path: ['^lib/generated/', '\\.test\\.ts$'] },
    },
    undefined,
    { tsConfig: extractTSConfig('tsconfig.json') },
  );
  if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a graph');
  return result.output.modules.filter((m) => m.source.startsWith('lib/'));
}

let graph: Promise<IModule[]> | undefined;
const libGraph = () => (graph ??= libModules());

/** The unit a file belongs to: its folder under lib/ (lib/conversions), or itself for a root file (lib/db). */
function unitOf(file: string): string {
  const [, first, ...rest] = file.split('/');
  return rest.length > 0 ? `lib/${first}` : `lib/${first.replace(/\.tsx?$/, '')}`;
}

/** "lib/a ↔ lib/b: one import each way" for each pair of units that import each other. */
function twoWayPairs(modules: IModule[]): string[] {
  const example = new Map<string, string>();
  for (const m of modules) {
    for (const d of m.dependencies) {
      const [from, to] = [unitOf(m.source), unitOf(d.resolved)];
      if (from !== to && !example.has(`${from} ${to}`)) example.set(`${from} ${to}`, `${m.source} → ${d.resolved}`);
    }
  }
  const pairs: string[] = [];
  for (const [key, there] of example) {
    const [from, to] = key.split(' ');
    const back = example.get(`${to} ${from}`);
    if (back && from < to) pairs.push(`${from} ↔ ${to}: ${there}; ${back}`);
  }
  return pairs.sort();
}

/**
 * Each cycle of units longer than a pair (schemas → cloud → conversions → schemas), as one path
 * around it: a pair is reported by twoWayPairs, and three folders in a ring are two-way all the same.
 */
function unitRings(modules: IModule[]): string[] {
  const edges = new Map<string, Set<string>>();
  for (const m of modules) {
    for (const d of m.dependencies) {
      const [from, to] = [unitOf(m.source), unitOf(d.resolved)];
      if (from !== to) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  const rings = new Set<string>();
  // Depth-first from each unit, in name order, keeping only rings whose least unit is the start:
  // each ring is then found once, from one place.
  const walk = (start: string, at: string, path: string[]) => {
    for (const next of [...(edges.get(at) ?? [])].sort()) {
      if (next === start && path.length > 2) rings.add([...path, start].join(' → '));
      else if (next > start && !path.includes(next)) walk(start, next, [...path, next]);
    }
  };
  for (const unit of [...edges.keys()].sort()) walk(unit, unit, [unit]);
  return [...rings].sort();
}

/** Each import cycle between files, once, as "a → b → a". */
function fileCycles(modules: IModule[]): string[] {
  const cycles = new Set<string>();
  for (const m of modules) {
    for (const d of m.dependencies) {
      if (!d.circular || !d.cycle) continue;
      const path = [m.source, ...d.cycle.map((step) => step.name)];
      // The same cycle is reported from each of its files: keep the rotation that starts at its least file.
      const ring = path.slice(0, -1);
      const start = ring.indexOf([...ring].sort()[0]);
      const rotated = [...ring.slice(start), ...ring.slice(0, start)];
      cycles.add([...rotated, rotated[0]].join(' → '));
    }
  }
  return [...cycles].sort();
}

describe("lib's module graph", () => {
  it('has no two folders (or root files) that import each other', async () => {
    expect(twoWayPairs(await libGraph()), 'lib/ units that import each other (move code down a layer)').toEqual([]);
  }, 60_000);

  it('has no ring of three or more folders (or root files) importing each other in turn', async () => {
    expect(unitRings(await libGraph()), 'lib/ units importing each other in a ring').toEqual([]);
  }, 60_000);

  it('has no import cycle between files', async () => {
    expect(fileCycles(await libGraph()), 'import cycles between lib/ files').toEqual([]);
  }, 60_000);

  it('sees type-only imports (a serializer types its answer with its schema and imports nothing else from it)', async () => {
    const serializer = (await libGraph()).find((m) => m.source === 'lib/webhooks/serialize-webhook.ts');
    const schemaImport = serializer?.dependencies.find((d) => d.resolved === 'lib/schemas/webhooks.ts');
    expect(schemaImport?.dependencyTypes).toContain('type-only');
  }, 60_000);
});
