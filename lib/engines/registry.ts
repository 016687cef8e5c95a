import { FORMATS, type FormatFamily, type FormatName } from '@/lib/formats/catalog';
import { ffmpegEngine } from './ffmpeg-engine';
import { libreofficeEngine } from './libreoffice-engine';
import { sharpEngine } from './sharp-engine';
import type { Engine } from './types';

// Which engine converts which pair. The first engine that claims a pair wins.

export const ENGINES: readonly Engine[] = [sharpEngine, ffmpegEngine, libreofficeEngine];

export function findEngine(from: FormatName, to: FormatName): Engine | undefined {
  if (from === to) return undefined;
  return ENGINES.find((e) => e.conversions.some((c) => c.from.includes(from) && c.to.includes(to)));
}

export type FormatListing = { format: FormatName; family: FormatFamily; mime: string; label: string; targets: FormatName[] };

const byName = (a: FormatName, b: FormatName) => (a < b ? -1 : a > b ? 1 : 0);

/** Every input format with the targets it converts to (drives GET /api/v1/formats), both sorted by name. */
export function listFormats(): FormatListing[] {
  const targets = new Map<FormatName, Set<FormatName>>();
  for (const engine of ENGINES) {
    for (const c of engine.conversions) {
      for (const from of c.from) {
        const set = targets.get(from) ?? new Set<FormatName>();
        for (const to of c.to) if (to !== from) set.add(to);
        targets.set(from, set);
      }
    }
  }
  return [...targets.keys()].sort(byName).map((format) => {
    const info = FORMATS[format];
    return { format, family: info.family, mime: info.mime, label: info.label, targets: [...targets.get(format)!].sort(byName) };
  });
}
