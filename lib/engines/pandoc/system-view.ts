import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';

// What a pandoc sandbox sees of the system: the program, the shared libraries it loads (from
// `ldd`), and pandoc's own data files, nothing else of /usr or /etc. pandoc reads
// files named inside documents (LaTeX \lstinputlisting, RST `.. include::`, Org #+INCLUDE, images
// embedded by the DOCX/ODT/EPUB writers); where `--sandbox` cannot be used (./pandoc-engine.ts)
// this list is what keeps those reads to files that are safe to end up in a result.

const PANDOC = '/usr/bin/pandoc';
const DATA = ['/usr/share/pandoc', '/usr/lib/locale/C.utf8', '/etc/ld.so.cache'];

/**
 * The libraries `ldd` lists, at the path the loader opens inside the sandbox: there /lib and
 * /lib64 are links into /usr, so /lib/x86_64-linux-gnu/libz.so.1 is bound as
 * /usr/lib/x86_64-linux-gnu/libz.so.1 (a bind follows the file's own version link).
 */
function sharedLibraries(program: string): string[] {
  const out = execFileSync('ldd', [program], { encoding: 'utf8' });
  return [...out.matchAll(/(\/\S+) \(0x/g)].map(([, file]) =>
    path.join(realpathSync(path.dirname(file)), path.basename(file)),
  );
}

let cached: readonly string[] | undefined;

export function pandocSystemView(): readonly string[] {
  cached ??= [...new Set([PANDOC, ...DATA, ...sharedLibraries(PANDOC)])];
  return cached;
}
