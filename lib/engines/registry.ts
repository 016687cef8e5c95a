import type { Tool } from '@/lib/domain/tools';
import { FORMATS, type FormatFamily, type FormatName } from '@/lib/formats/catalog';
import { COMPRESSORS } from './compress';
import { ffmpegEngine } from './ffmpeg-engine';
import { libreofficeEngine } from './libreoffice-engine';
import { ocrEngine } from './ocr-engine';
import { sharpEngine } from './sharp-engine';
import type { Engine } from './types';
import { SPECIALIST_ENGINES } from './specialist-engines';
import { isInstalled } from './programs';

// Which engine runs which (tool, input format, output format). The first engine that claims
// it wins. A conversion changes the format; a compressor keeps it; OCR reads images and PDFs.

const ALL_ENGINES: readonly Engine[] = [
  sharpEngine,
  ffmpegEngine,
  libreofficeEngine,
  ...COMPRESSORS,
  ocrEngine,
  ...SPECIALIST_ENGINES,
];

/** The engines whose programs are installed here: GET /api/v1/formats lists only what they convert. */
export const ENGINES: readonly Engine[] = ALL_ENGINES.filter(isInstalled);

const serves = (e: Engine, tool: Tool) => (e.tool ?? 'convert') === tool;

export function findEngine(from: FormatName, to: FormatName, tool: Tool = 'convert'): Engine | undefined {
  if (tool === 'convert' && from === to) return undefined;
  return ENGINES.find((e) => serves(e, tool) && e.conversions.some((c) => c.from.includes(from) && c.to.includes(to)));
}

/** The input formats a tool takes, sorted (compressible formats, OCR inputs). */
export function inputFormats(tool: Tool): FormatName[] {
  const found = ENGINES.filter((e) => serves(e, tool)).flatMap((e) => e.conversions.flatMap((c) => c.from));
  return [...new Set(found)].sort(byName);
}

export type FormatListing = {
  format: FormatName;
  family: FormatFamily;
  mime: string;
  label: string;
  targets: FormatName[];
  compress: boolean;
  ocr: boolean;
};

function byName(a: FormatName, b: FormatName) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Every input format with its targets and tools (drives GET /api/v1/formats), sorted by name. */
export function listFormats(): FormatListing[] {
  const targets = new Map<FormatName, Set<FormatName>>();
  for (const engine of ENGINES) {
    for (const c of engine.conversions) for (const from of c.from) if (!targets.has(from)) targets.set(from, new Set());
    if (!serves(engine, 'convert')) continue;
    for (const c of engine.conversions) {
      for (const from of c.from) {
        const set = targets.get(from) ?? new Set<FormatName>();
        for (const to of c.to) if (to !== from) set.add(to);
        targets.set(from, set);
      }
    }
  }
  const compressible = new Set(inputFormats('compress'));
  const ocrInputs = new Set(inputFormats('ocr'));
  return [...targets.keys()].sort(byName).map((format) => {
    const info = FORMATS[format];
    const tools = { compress: compressible.has(format), ocr: ocrInputs.has(format) };
    return {
      format,
      family: info.family,
      mime: info.mime,
      label: info.label,
      targets: [...targets.get(format)!].sort(byName),
      ...tools,
    };
  });
}
