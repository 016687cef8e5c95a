import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import * as tus from 'tus-js-client';
import { createTransmute, type ConvertResult, type Transmute } from './client.js';
import { TransmuteError } from './errors.js';
import { CONFIG_DIR, expandPaths, fileBlob, loadSettings, parseOptions, progressLine } from './cli-support.js';

const USAGE = `Usage: transmute <command> [options]

  convert FILE|FOLDER|GLOB… --to FORMAT [--out DIR] [--option key=value]…
  compress FILE… [--level low|medium|high] [--out DIR]
  ocr FILE… [--lang eng+deu] [--to txt|pdf] [--out DIR]
  merge FILE FILE… [--out FILE|DIR] [--pdfa]   (one PDF, pages in the order given)
  formats [--from FORMAT]
  status ID
  share ID [--password P] [--expires ISO-DATE] [--limit N]

Options: --json (one JSON line per file), --resumable-above BYTES (tus above this size).
Settings: TRANSMUTE_URL (default http://localhost:3000), TRANSMUTE_API_KEY, or
${CONFIG_DIR}/config.json with "url" and "api_key".
Exit codes: 0 all done, 1 a file or the request failed, 2 a usage error.`;

class UsageError extends Error {}

// Node's tus-js-client has a file-backed store of unfinished uploads that its types leave out.
const { FileUrlStorage } = tus as unknown as { FileUrlStorage: new (file: string) => tus.UrlStorage };

const { values: flags, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        to: { type: 'string' },
        out: { type: 'string' },
        option: { type: 'string', multiple: true, default: [] },
        level: { type: 'string' },
        lang: { type: 'string' },
        from: { type: 'string' },
        password: { type: 'string' },
        expires: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean', default: false },
        pdfa: { type: 'boolean', default: false },
        'resumable-above': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
})();

const json = flags.json;
const progress = progressLine(!json && process.stderr.isTTY === true);
const say = (line: string) => (json ? undefined : console.log(line));
const emit = (record: Record<string, unknown>) => (json ? console.log(JSON.stringify(record)) : undefined);

/** Streams a result's download to `target`, making its folder. */
async function write(result: ConvertResult, target: string): Promise<string> {
  await mkdir(path.dirname(target), { recursive: true });
  if (!result.response.body) await writeFile(target, '');
  else await pipeline(Readable.fromWeb(result.response.body as never), createWriteStream(target));
  return target;
}

/** Writes a result beside its input, or into --out. */
const save = (result: ConvertResult, input: string) =>
  write(result, path.join(flags.out ?? path.dirname(input), path.basename(result.fileName)));

/** Where a merge's PDF goes: --out as a file, or into --out as a folder (an existing one, or ending in /), or here. */
async function mergeOutput(fileName: string): Promise<string> {
  const out = flags.out;
  if (!out) return path.basename(fileName);
  const isFolder = /[\\/]$/.test(out) || (await stat(out).catch(() => undefined))?.isDirectory() === true;
  return isFolder ? path.join(out, path.basename(fileName)) : out;
}

/** Merges the files, in the order named, into one PDF: uploaded in one request, waited for, downloaded. */
async function mergeFiles(client: Transmute, args: string[]): Promise<number> {
  const files = await expandPaths(args);
  if (files.length < 2) throw new UsageError('merge needs at least two files, named in the order of their pages');
  const parts = await Promise.all(
    files.map(async (file) => ({ file: await fileBlob(file), name: path.basename(file) })),
  );
  const created = await client.merge(parts, { options: flags.pdfa ? { pdfa: true } : undefined });
  const name = created.original_file_name;
  const result = await client.finish(created.id, name, { onProgress: (s) => progress(name, s.progress, s.status) });
  const output = await write(result, await mergeOutput(result.fileName));
  if (!json && process.stderr.isTTY) process.stderr.write('\n');
  say(`${files.join(' + ')} → ${output}`);
  emit({ files, status: 'completed', id: result.id, output });
  return 0;
}

type Job = (client: Transmute, file: string, name: string) => Promise<ConvertResult>;

/** Runs one job per file in turn; reports each; resolves with how many failed. */
async function eachFile(client: Transmute, args: string[], job: Job): Promise<number> {
  if (!args.length) throw new UsageError('Name at least one file, folder or glob');
  const files = await expandPaths(args);
  let failed = 0;
  for (const file of files) {
    const name = path.basename(file);
    try {
      const result = await job(client, file, name);
      const output = await save(result, file);
      progress(name, 100, 'done');
      if (!json && process.stderr.isTTY) process.stderr.write('\n');
      say(`${file} → ${output}`);
      emit({ file, status: 'completed', id: result.id, output });
    } catch (e) {
      failed++;
      if (!json && process.stderr.isTTY) process.stderr.write('\n');
      const err = e instanceof TransmuteError ? e : undefined;
      console.error(`${file}: ${err ? `${err.error} (${err.code})` : (e as Error).message}`);
      emit({
        file,
        status: 'failed',
        ...(err ? { code: err.code, error: err.error, http_status: err.status } : { error: String(e) }),
      });
    }
  }
  return failed;
}

const convertJob =
  (target: string, options: Record<string, unknown>): Job =>
  async (client, file, name) =>
    client.convert(await fileBlob(file), target, {
      name,
      options: Object.keys(options).length ? options : undefined,
      resumableAbove: flags['resumable-above'] ? Number(flags['resumable-above']) : undefined,
      tus: { source: createReadStream(file), urlStorage: new FileUrlStorage(path.join(CONFIG_DIR, 'uploads.json')) },
      onBytes: (sent, total) => progress(name, Math.floor((sent / total) * 50), 'uploading'),
      onProgress: (state) => progress(name, state.progress, state.status),
    });

/** Waits for a tool's conversion and downloads it. */
const toolJob =
  (start: (client: Transmute, file: Blob, name: string) => Promise<{ id: number }>): Job =>
  async (client, file, name) => {
    const { id } = await start(client, await fileBlob(file), name);
    return client.finish(id, name, { onProgress: (state) => progress(name, state.progress, state.status) });
  };

const idArg = (value: string | undefined) => {
  if (!value || !/^\d+$/.test(value)) throw new UsageError('Give the conversion id (a number)');
  return Number(value);
};

async function main(): Promise<number> {
  const [command, ...args] = positionals;
  // --help is a request, answered on stdout; no command at all is a usage error.
  if (flags.help) return (void console.log(USAGE), 0);
  if (!command) throw new UsageError('Name a command');
  const settings = await loadSettings();
  const client = createTransmute({ baseUrl: settings.url, apiKey: settings.apiKey });
  switch (command) {
    case 'convert':
      if (!flags.to) throw new UsageError('convert needs --to FORMAT');
      await mkdir(CONFIG_DIR, { recursive: true }); // where unfinished uploads are remembered
      return (await eachFile(client, args, convertJob(flags.to, parseOptions(flags.option ?? [])))) ? 1 : 0;
    case 'compress': {
      const level = (flags.level ?? 'medium') as 'low' | 'medium' | 'high';
      if (!['low', 'medium', 'high'].includes(level)) throw new UsageError('--level is low, medium or high');
      return (await eachFile(
        client,
        args,
        toolJob((c, f, name) => c.compress(f, { level, name })),
      ))
        ? 1
        : 0;
    }
    case 'ocr': {
      const output = (flags.to ?? 'txt') as 'txt' | 'pdf';
      if (!['txt', 'pdf'].includes(output)) throw new UsageError('ocr --to is txt or pdf');
      const job = toolJob((c, f, name) => c.ocr(f, { language: flags.lang, output, name }));
      return (await eachFile(client, args, job)) ? 1 : 0;
    }
    case 'merge':
      return mergeFiles(client, args);
    case 'formats': {
      const formats = (await client.formats()).filter((f) => !flags.from || f.format === flags.from);
      if (json) for (const f of formats) console.log(JSON.stringify(f));
      else for (const f of formats) console.log(`${f.format}: ${f.targets.join(' ')}`);
      return formats.length ? 0 : 1;
    }
    case 'status': {
      const body = await client.status(idArg(args[0]));
      if (json) console.log(JSON.stringify(body));
      else
        console.log(
          `${body.conversion.id} ${body.conversion.status} ${body.conversion.progress}% ${body.conversion.original_file_name} → ${body.conversion.target_format}${body.error ? ` (${body.error})` : ''}`,
        );
      return 0;
    }
    case 'share': {
      const link = await client.share(idArg(args[0]), {
        ...(flags.password ? { password: flags.password } : {}),
        ...(flags.expires ? { expires_at: flags.expires } : {}),
        ...(flags.limit ? { access_limit: Number(flags.limit) } : {}),
      });
      console.log(json ? JSON.stringify(link) : link.url);
      return 0;
    }
    default:
      throw new UsageError(`Unknown command ${command}`);
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (e instanceof UsageError) console.error(`${e.message}\n\n${USAGE}`);
    else if (e instanceof TransmuteError) console.error(`transmute: ${e.error} (${e.status} ${e.code})`);
    else console.error(`transmute: ${(e as Error).message ?? e}`);
    process.exit(e instanceof UsageError ? 2 : 1);
  },
);
