import { format, stripVTControlCharacters } from 'node:util';
import { settingOrDefault } from '@/lib/config/read-setting';
import { log } from '@/lib/log/logger';

// What a service process prints besides its own log calls: Next's messages (its start, compiles,
// warnings and the errors of routes and pages, all written through the console), libraries' console
// calls, Node's process warnings, an exception nothing caught. Each becomes one line of the logger,
// so LOG_FORMAT=json holds for every line of the process's output (a multi-line stack is one
// event, one line), and the request and conversion ids in force are on these lines too.

type Level = 'debug' | 'info' | 'warn' | 'error';
const CONSOLE_LEVELS = { debug: 'debug', log: 'info', info: 'info', warn: 'warn', error: 'error' } as const;

/** One console call as one log line: an Error among the arguments is logged as `err` (with its stack). */
function logConsoleCall(level: Level, args: unknown[]) {
  const err = args.find((a) => a instanceof Error);
  const rest = err === undefined ? args : args.filter((a) => a !== err);
  const msg = stripVTControlCharacters(format(...rest)).trim();
  if (err !== undefined) log[level]({ err }, msg || (err as Error).message);
  else if (msg) log[level](msg); // Next prints blank lines around its banner: nothing to log
}

/**
 * Text written straight to a stream (Next's request lines in development use process.stdout.write),
 * one log line per line of text. Only with LOG_FORMAT=json: the JSON logger writes to the file
 * descriptor itself, not through these streams, so nothing it writes comes back here.
 */
function logDirectWrites(stream: NodeJS.WriteStream, level: Level) {
  let partial = '';
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    partial += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    const lines = partial.split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      const msg = stripVTControlCharacters(line).trim();
      if (msg) log[level](msg);
    }
    const done = rest.find((r) => typeof r === 'function') as ((e?: Error | null) => void) | undefined;
    if (done) queueMicrotask(() => done());
    return true;
  }) as NodeJS.WriteStream['write'];
}

/** Sends everything this process prints through the logger: call first in a service's entry point. */
export function routeOutputToLog(): void {
  for (const [method, level] of Object.entries(CONSOLE_LEVELS)) {
    console[method as keyof typeof CONSOLE_LEVELS] = (...args: unknown[]) => logConsoleCall(level, args);
  }
  // Node's own printer of warnings is the listener it installs at start; this one replaces it.
  process.removeAllListeners('warning');
  process.on('warning', (w) => log.warn({ warning: w.name, code: (w as { code?: string }).code }, w.message));
  // Where nothing else handles an uncaught exception (Next's server logs it, through console, and
  // keeps serving), it ends the process as Node would, with exit status 1, but as a log line.
  process.on('uncaughtException', (e, origin) => {
    if (process.listenerCount('uncaughtException') > 1) return;
    log.fatal({ err: e, origin }, 'uncaught exception: the process stops');
    process.exit(1);
  });
  if (settingOrDefault('LOG_FORMAT') === 'json') {
    logDirectWrites(process.stdout, 'info');
    logDirectWrites(process.stderr, 'warn');
  }
}
