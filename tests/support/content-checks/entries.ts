import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FormatName } from '@/lib/formats/catalog';

// An archive result's file names (folders left out, `./` dropped) and a compressed stream's content,
// read with the same programs the engine packs with, on the test side.

const exec = promisify(execFile);
const out = async (cmd: string, args: string[]) =>
  (await exec(cmd, args, { maxBuffer: 64 * 1024 ** 2, encoding: 'latin1' })).stdout;

const TAR: Partial<Record<FormatName, string[]>> = {
  tar: [],
  tgz: ['-z'],
  tbz2: ['-j'],
  txz: ['-J'],
  tzst: ['--zstd'],
};
/** Single-file compressions: the program that decompresses each (`-d -c`). */
export const STREAMS: Partial<Record<FormatName, string>> = {
  gz: 'gzip',
  zst: 'zstd',
  lz4: 'lz4',
  lzma: 'lzma',
  lz: 'lzip',
  lzo: 'lzop',
  z: 'compress',
};

/** The names of the files in an archive, sorted. */
export async function archiveFiles(file: string, format: FormatName): Promise<string[]> {
  const tar = TAR[format];
  if (tar) {
    const listing = await out('tar', ['-tv', ...tar, '-f', file]);
    return listing
      .split('\n')
      .filter((l) => l.startsWith('-'))
      .map((l) => l.replace(/^(\S+\s+){5}/, '').replace(/^\.\//, ''))
      .sort();
  }
  const listing = await out('7z', ['l', '-slt', '-ba', file]);
  return listing
    .split(/\n\s*\n/)
    .filter((b) => /^Path = /m.test(b) && !/^Folder = \+/m.test(b) && !/^Attributes = D/m.test(b))
    .map((b) => /^Path = (.*)$/m.exec(b)![1].replace(/^\.\//, ''))
    .sort();
}

/** The content of a single-file compression, or of the one file an archive holds. */
export async function archivedText(file: string, format: FormatName): Promise<string> {
  const program = STREAMS[format];
  if (program) return out(program, ['-d', '-c', file]);
  const tar = TAR[format];
  if (tar) return out('tar', ['-xO', ...tar, '-f', file]);
  return out('7z', ['e', '-so', file]);
}
