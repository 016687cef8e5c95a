import { config } from '@/lib/config';
import { type RunResult, runSandboxed, type SandboxSpec } from './sandbox';
import type { EngineJob } from '../types';

// One sandboxed run of a command-line tool on a job's files (no network, only the job folder
// writable: see ./sandbox.ts), its stdout collected. The callers decide what an exit code means.

const DEFAULT_MEMORY = 2 * 1024 ** 3;

export type ToolRun = RunResult & { stdout: string };
export type JobFolder = Pick<EngineJob, 'workDir' | 'signal'>;
/** Overrides of the sandbox's settings (memory, system view, extra binds…). */
export type ToolSandbox = Partial<Omit<SandboxSpec, 'command' | 'args' | 'workDir'>>;

export async function runInJob(
  job: JobFolder,
  command: string,
  args: readonly string[],
  extra: ToolSandbox = {},
): Promise<ToolRun> {
  let stdout = '';
  const r = await runSandboxed({
    command,
    args,
    workDir: job.workDir,
    signal: job.signal,
    timeoutMs: config.engineTimeoutMs,
    memoryLimitBytes: DEFAULT_MEMORY,
    onStdoutLine: (l) => (stdout += l + '\n'),
    ...extra,
  });
  return { ...r, stdout };
}
