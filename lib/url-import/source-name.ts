import { parse as parseContentDisposition } from 'content-disposition';
import { cleanFileName } from '@/lib/conversions/file-names';

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
