import type { Tool } from '@/lib/domain/tools';
import { FORMATS, type FormatFamily, type FormatName } from '@/lib/formats/catalog';
import { COMPRESSORS } from './compress';
import { ffmpegEngine } from './ffmpeg/ffmpeg-engine';
import { libreofficeEngine } from './libreoffice/libreoffice-engine';
import { mergeEngine } from './merge/merge-engine';
import { ocrEngine } from './ocr/ocr-engine';
import { sharpEngine } from './sharp/sharp-engine';
import type { Engine } from './types';
import { SPECIALIST_ENGINES } from './specialist-engines';
import { isInstalled } from './sandbox/programs';
import { engineDisabled, formatDisabled, policyKey, unknownDisabledEngines } from './format-policy';

// Which engine runs which (tool, input format, output format). The first engine that claims
// it wins. A conversion changes the format; a compressor keeps it; OCR reads images and PDFs; a
// merge joins files into one PDF, each made a PDF by the engine this registry picks for it.
// What the operator turned off (./format-policy.ts) is left out of every answer below.

const ALL_ENGINES: readonly Engine[] = [
  sharpEngine,
  ffmpegEngine,
  libreofficeEngine,
  ...COMPRESSORS,
  ocrEngine,
  ...SPECIALIST_ENGINES,
];

const serves = (e: Engine, tool: Tool) => (e.tool ?? 'convert') === tool;

function findIn(engines: readonly Engine[], from: FormatName, to: FormatName, tool: Tool): Engine | undefined {
  return engines.find((e) => serves(e, tool) && e.conversions.some((c) => claims(c, from, to, tool)));
}

/** A conversion to the same format is claimed only where declared with the option it needs (types.ts). */
const claims = (c: Engine['conversions'][number], from: FormatName, to: FormatName, tool: Tool) =>
  c.from.includes(from) && c.to.includes(to) && (from !== to || tool !== 'convert' || c.onlyWith !== undefined);

/** The option a same-format pair needs set to `true` (PDF → PDF: `pdfa`), if `from` → `to` is one. */
export function sameFormatOption(engine: Engine, from: FormatName, to: FormatName): string | undefined {
  if (from !== to || (engine.tool ?? 'convert') !== 'convert') return undefined;
  return engine.conversions.find((c) => claims(c, from, to, 'convert'))?.onlyWith;
}

const INSTALLED: readonly Engine[] = ALL_ENGINES.filter(isInstalled);
// The merge's list of sources is made while this module loads, of every installed engine; once the
// registry is built, each file goes to the engine findEngine picks under the policy.
let pdfEngineOf = (from: FormatName) => findIn(INSTALLED, from, 'pdf', 'convert');
const MERGE = mergeEngine((from) => pdfEngineOf(from));

/** The engines whose programs are installed here: GET /api/v1/formats lists only what they convert. */
export const ENGINES: readonly Engine[] = isInstalled(MERGE) ? [...INSTALLED, MERGE] : INSTALLED;

pdfEngineOf = (from) => findEngine(from, 'pdf');

/** The installed engines the policy leaves on. */
const enabledEngines = () => ENGINES.filter((e) => !engineDisabled(e));

export function findEngine(from: FormatName, to: FormatName, tool: Tool = 'convert'): Engine | undefined {
  if (formatDisabled(from) || formatDisabled(to)) return undefined;
  // A merge makes each file a PDF first: a file with no way to PDF left on does not merge.
  if (tool === 'merge' && from !== 'pdf' && !findEngine(from, 'pdf')) return undefined;
  return findIn(enabledEngines(), from, to, tool);
}

/** Names in ENGINES_DISABLED that no engine here or elsewhere has (health warns of them). */
export const unknownDisabledEngineNames = () => unknownDisabledEngines([...ALL_ENGINES, MERGE]);

/** Every option some engine declares, installed here or not: any other name is an unknown option. */
export const OPTION_NAMES: ReadonlySet<string> = new Set(
  ALL_ENGINES.flatMap((e) => (e.options ? Object.keys(e.options.schema.shape) : [])),
);

/** The input formats a tool takes, sorted (compressible formats, OCR inputs). */
export function inputFormats(tool: Tool): FormatName[] {
  const found = enabledEngines()
    .filter((e) => serves(e, tool))
    .flatMap((e) =>
      e.conversions.flatMap((c) => c.from.filter((from) => c.to.some((to) => findEngine(from, to, tool)))),
    );
  return [...new Set(found)].sort(byName);
  return [...new Set(found)].sort(byName);
}

export type FormatListing = {
  format: FormatName;
  family: FormatFamily;
  mime: string;
  label: string;
  targets: FormatName[];
  target_options: Partial<Record<FormatName, TargetOptions>>;
  compress: boolean;
  ocr: boolean;
};

/** The options one pair takes: their schema's OpenAPI id, and which of its fields apply. */
type TargetOptions = { schema: string; names: string[] };

/** The options each target takes from `format`, as the engine converting that pair declares them. */
function targetOptions(format: FormatName, targets: readonly FormatName[]): FormatListing['target_options'] {
  const found: FormatListing['target_options'] = {};
  for (const to of targets) {
    const declared = findEngine(format, to)?.options;
    const names = declared?.names(format, to) ?? [];
    if (declared && names.length > 0) found[to] = { schema: String(declared.schema.meta()?.id), names: [...names] };
  }
  return found;
}

function byName(a: FormatName, b: FormatName) {
  return a < b ? -1 : a > b ? 1 : 0;
}

let listing: { key: string; formats: readonly FormatListing[] } | undefined;

/** Every input format with its targets and tools (drives GET /api/v1/formats), sorted by name. */
export function listFormats(): readonly FormatListing[] {
  // Built once per policy: the installed engines are known when this module loads.
  const key = policyKey();
  if (listing?.key !== key) listing = { key, formats: buildListing() };
  return listing.formats;
}

function buildListing(): FormatListing[] {
  const targets = new Map<FormatName, Set<FormatName>>();
  const on = (name: FormatName) => !formatDisabled(name);
  for (const engine of enabledEngines()) {
    const tool = engine.tool ?? 'convert';
    for (const c of engine.conversions)
      for (const from of c.from)
        if (c.to.some((to) => findEngine(from, to, tool))) targets.set(from, targets.get(from) ?? new Set());
    if (!serves(engine, 'convert')) continue;
    for (const c of engine.conversions) {
      for (const from of c.from.filter(on)) {
        const set = targets.get(from) ?? new Set<FormatName>();
        for (const to of c.to.filter(on)) if (to !== from || c.onlyWith !== undefined) set.add(to);
        targets.set(from, set);
      }
    }
  }
  const compressible = new Set(inputFormats('compress'));
  const ocrInputs = new Set(inputFormats('ocr'));
  return [...targets.keys()].sort(byName).map((format) => {
    const info = FORMATS[format];
    const tools = { compress: compressible.has(format), ocr: ocrInputs.has(format) };
    const sorted = [...targets.get(format)!].sort(byName);
    return {
      format,
      family: info.family,
      mime: info.mime,
      label: info.label,
      targets: sorted,
      target_options: targetOptions(format, sorted),
      ...tools,
    };
  });
}
