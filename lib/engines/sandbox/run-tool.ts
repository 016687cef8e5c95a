import { stat } from 'node:fs/promises';
import { type JobFolder, runInJob, type ToolSandbox } from './run-in-job';
import { EngineError } from './sandbox';

// One sandboxed run of a command-line converter for a job (./run-in-job.ts), failing with the
// tool's last stderr lines.

export async function runTool(
  job: JobFolder,
  command: string,
  args: readonly string[],
  extra: ToolSandbox = {},
): Promise<string> {
  const r = await runInJob(job, command, args, extra);
  if (r.code !== 0) {
    const msg = r.stderrTail.trim().split('\n').slice(-3).join(' | ');
    throw new EngineError(`${command} failed (exit ${r.code ?? r.signal}): ${msg}`);
  }
  return r.stdout;
}

/** The tool must have left a non-empty file. */
export async function assertOutput(file: string, tool: string): Promise<void> {
  const s = await stat(file).catch(() => undefined);
  if (!s || s.size === 0) throw new EngineError(`${tool} wrote no output`);
}
