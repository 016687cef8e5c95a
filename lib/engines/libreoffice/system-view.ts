import { readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';

// What a LibreOffice sandbox sees of the system: an allow-list, not all of /usr. LibreOffice
// reads files named inside documents (RTF/DOCX INCLUDEPICTURE is loaded by the importer itself,
// whatever the link settings say), so everything it can see must be safe to end up in a result:
// its own installation, shared libraries, Python for the bridge, fonts. Nothing else of /usr
// (no /usr/share/doc, icons, pixmaps, backgrounds…), no /etc/passwd, no zoneinfo (dates are UTC).
// Found with `strace -f -e trace=%file` over a warm instance converting every supported pair.

/** Debian's multiarch library folders (/usr/lib/x86_64-linux-gnu…): code only, no images or documents. */
const multiarchLibDirs = () =>
  readdirSync('/usr/lib')
    .filter((n) => n.endsWith('-linux-gnu'))
    .map((n) => path.join('/usr/lib', n));

const OFFICE = [
  '/usr/lib/libreoffice',
  '/usr/share/libreoffice', // icon themes that /usr/lib/libreoffice/share/config links to
  '/etc/libreoffice', // registry and psprint.conf (Debian symlinks them from /usr/lib/libreoffice)
  '/var/lib/libreoffice', // bundled extensions' pre-registration
];
const RUNTIME = ['/usr/lib64', '/etc/ld.so.cache', '/usr/lib/locale/C.utf8'];
const FONTS = ['/usr/share/fonts', '/usr/share/fontconfig', '/etc/fonts', '/var/cache/fontconfig'];
// The bridge's interpreter, its standard library and the two UNO modules (not all of dist-packages).
const PYTHON_UNO = ['/usr/lib/python3/dist-packages/uno.py', '/usr/lib/python3/dist-packages/unohelper.py'];

/** Debian's Python, which python3-uno is built for (not whatever python3 comes first in PATH). */
export const OFFICE_PYTHON = '/usr/bin/python3';

let cached: readonly string[] | undefined;

export function officeSystemView(): readonly string[] {
  if (cached) return cached;
  const interpreter = realpathSync(OFFICE_PYTHON); // /usr/bin/python3.11
  const stdlib = path.join('/usr/lib', path.basename(interpreter)); // /usr/lib/python3.11
  cached = [...OFFICE, ...multiarchLibDirs(), ...RUNTIME, ...FONTS, OFFICE_PYTHON, interpreter, stdlib, ...PYTHON_UNO];
  return cached;
}
