import path from 'node:path';
import { UNSAFE_TEXT } from '@/lib/display-text';
import { formatInfo } from '@/lib/formats/catalog';

// File names are display text only; these make hostile names harmless to store and show.
// Removes controls and bidi overrides (lib/display-text.ts) and path parts, and caps the length.

export function cleanFileName(raw: string | undefined | null): string {
  const base = (raw ?? '').replace(UNSAFE_TEXT, '').split(/[\\/]/).pop() ?? '';
  const trimmed = base.trim().replace(/^\.+/, '').slice(0, 200);
  return trimmed || 'file';
}

/** The download name of a result: the original base name with the target's extension. */
export function resultFileName(originalName: string, targetFormat: string): string {
  const ext = formatInfo(targetFormat)?.extension ?? targetFormat;
  return `${baseName(originalName)}.${ext}`;
}

const baseName = (originalName: string) => path.parse(cleanFileName(originalName)).name || 'file';

/**
 * The name of a merge (its `original_file_name`): the first file's base name and " (merged).pdf",
 * so the joined PDF downloads as `report (merged).pdf`, apart from any file it was made of.
 */
export const mergedFileName = (firstName: string) => `${baseName(firstName)} (merged).pdf`;

/**
 * How a completed result downloads: its name and media type. A result of several files
 * (`resultParts`: page images, sheets, a document and its pictures) is a ZIP of them, `<name>.zip`.
 */
export function resultFile(row: { originalFileName: string; targetFormat: string; resultParts: number | null }) {
  if (row.resultParts !== null && row.resultParts > 1)
    return { fileName: `${baseName(row.originalFileName)}.zip`, contentType: 'application/zip', archive: true };
  return {
    fileName: resultFileName(row.originalFileName, row.targetFormat),
    contentType: formatInfo(row.targetFormat)?.mime ?? 'application/octet-stream',
    archive: false,
  };
}
