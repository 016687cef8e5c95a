import path from 'node:path';
import { UNSAFE_TEXT } from '@/lib/display-text';

// ZIP entry names are display text too (SECURITY.md): no path separators, no traversal, no
// control characters or bidi overrides (lib/display-text.ts), and unique in the archive. They come
// from download names (cleanFileName/resultFileName) or from inside a file (a workbook's sheets).

/**
 * Unique, safe names in order: the second `report.pdf` becomes `report (1).pdf`, the third
 * `report (2).pdf`, skipping any name already taken (case-insensitively, for case-folding unzips).
 */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = raw.replace(UNSAFE_TEXT, '').replace(/[\\/]/g, '_').replace(/^\.+/, '') || 'file';
    const { name: base, ext } = path.parse(name);
    let candidate = name;
    for (let n = 1; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
