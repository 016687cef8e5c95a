import { openAsBlob } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';

/** Where the CLI keeps its settings and its unfinished uploads. */
export const CONFIG_DIR = path.join(process.env.XDG_CONFIG_HOME ?? path.join(homedir(), '.config'), 'transmute');

/** TRANSMUTE_URL and TRANSMUTE_API_KEY, else `url` and `api_key` of CONFIG_DIR/config.json. */
export async function loadSettings(): Promise<{ url: string; apiKey?: string }> {
  let file: { url?: string; api_key?: string } = {};
  try {
    file = JSON.parse(await readFile(path.join(CONFIG_DIR, 'config.json'), 'utf8')) as typeof file;
  } catch {
    // No config file: the environment and the defaults.
  }
  return {
    url: process.env.TRANSMUTE_URL || file.url || 'http://localhost:3000',
    apiKey: process.env.TRANSMUTE_API_KEY || file.api_key || undefined,
  };
}

const isGlob = (arg: string) => /[*?[{]/.test(arg);

/** The files named by the arguments: files as given, folders walked, globs expanded (sorted). */
export async function expandPaths(args: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const arg of args) {
    if (isGlob(arg)) {
      const { glob } = (await import('node:fs/promises')) as { glob?: (p: string) => AsyncIterable<string> };
      if (!glob) throw new Error(`Globs need Node 22 or later; let the shell expand ${arg}`);
      const matches: string[] = [];
      for await (const match of glob(arg)) if ((await stat(match)).isFile()) matches.push(match);
      if (!matches.length) throw new Error(`No file matches ${arg}`);
      found.push(...matches.sort());
      continue;
    }
    const info = await stat(arg).catch(() => undefined);
    if (!info) throw new Error(`No such file or folder: ${arg}`);
    if (info.isDirectory()) {
      const entries = (await readdir(arg, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && !e.name.startsWith('.'))
        .map((e) => path.join(e.parentPath, e.name))
        .sort();
      found.push(...entries);
    } else found.push(arg);
  }
  return [...new Set(found)];
}

/** A file on disk as a Blob read lazily (no copy in memory). */
export const fileBlob = (file: string) => openAsBlob(file);

/** `k=v` pairs as conversion options: numbers and booleans typed, the rest strings. */
export function parseOptions(pairs: string[]): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`--option takes key=value, not ${pair}`);
    const raw = pair.slice(eq + 1);
    const key = pair.slice(0, eq);
    options[key] =
      raw === 'true' ? true : raw === 'false' ? false : raw !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
  }
  return options;
}

/** One line per file on a TTY, rewritten as it progresses; nothing when output is not a terminal. */
export function progressLine(enabled: boolean) {
  const width = 24;
  return (name: string, percent: number, label = '') => {
    if (!enabled) return;
    const filled = Math.round((percent / 100) * width);
    const bar = '█'.repeat(filled) + '░'.repeat(width - filled);
    process.stderr.write(`\r\x1b[2K${name.slice(-40).padEnd(40)} ${bar} ${String(percent).padStart(3)}% ${label}`);
  };
}
