import pino, { type DestinationStream, type Logger } from 'pino';
import { logContext } from '@/lib/log/log-context';
import { settingOrDefault } from '@/lib/config/read-setting';

// The service's log: one line per event, with its level, time and the ids that tie it to a request
// or a conversion. LOG_FORMAT=json writes JSON lines for a collector; the default is readable text.
// LOG_LEVEL sets the threshold (default info; request lines are debug). The request and conversion
// ids in force (lib/log/log-context.ts) are on every line without each call naming them.

/** `12:00:00.000 INFO message key=value`, from pino's JSON line. */
const textLines: DestinationStream = {
  write(line: string) {
    const { level, time, msg, ...fields } = JSON.parse(line);
    delete fields.pid; // the process's own log needs no process id on every line
    const name = pino.levels.labels[level]?.toUpperCase() ?? String(level);
    const extra = Object.entries(fields)
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(' ');
    const stream = level >= 50 ? process.stderr : process.stdout;
    stream.write(`${new Date(time).toISOString().slice(11, 23)} ${name} ${msg ?? ''}${extra ? ` ${extra}` : ''}\n`);
  },
};

function createLogger(): Logger {
  // Made on import: a bad LOG_LEVEL or LOG_FORMAT is named by the configuration check at start.
  const options = { level: settingOrDefault('LOG_LEVEL'), base: { pid: process.pid }, mixin: logContext };
  // JSON goes to the file descriptor itself, never through process.stdout, which route-output.ts may
  // route back here.
  return settingOrDefault('LOG_FORMAT') === 'json' ? pino(options, pino.destination(1)) : pino(options, textLines);
}

const global = globalThis as unknown as { transmuteLogger?: Logger };
/** The process's logger; `log.child({ requestId })` or `({ conversionId })` for a request's or a job's lines. */
export const log: Logger = (global.transmuteLogger ??= createLogger());
