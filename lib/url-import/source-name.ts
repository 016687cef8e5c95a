import { parse as parseContentDisposition } from 'content-disposition';
import { cleanFileName } from '@/lib/conversions/file-names';
import { resolveFormatName } from '@/lib/formats/catalog';

/** The last path segment of a URL, decoded ("file" when there is none). */
export function nameFromUrl(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return cleanFileName(decodeURIComponent(last));
  } catch {
    return cleanFileName(last);
  }
}

/** The file name a Content-Disposition header gives, if any (a malformed header gives none). */
export function nameFromContentDisposition(header: string | undefined): string | null {
  if (!header) return null;
  try {
    const name = parseContentDisposition(header).parameters.filename;
    return name ? cleanFileName(name) : null;
  } catch {
    return null;
  }
}

/** The format a file name's extension names (`report.tar.gz` → tgz), or '' when it names none. */
export function formatFromName(name: string): string {
  const extensions = name.split('.').slice(1);
  for (const ext of [extensions.slice(-2).join('.'), extensions.at(-1)]) {
    const format = ext ? resolveFormatName(ext) : undefined;
    if (format) return format;
  }
  return '';
}
