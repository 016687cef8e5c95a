import { stat } from 'node:fs/promises';
import { config } from '@/lib/config';
import { EngineError, runSandboxed, type SandboxSpec } from '../sandbox';
import type { EngineJob } from '../types';

// One sandboxed run of a command-line converter for a job (no network, only the job folder
// writable: see ../sandbox.ts), failing with the tool's last stderr lines.

const DEFAULT_MEMORY = 2 * 1024 ** 3;

export async function runTool(
  job: Pick<EngineJob, 'workDir' | 'signal'>,
  command: string,
  args: readonly string[],
  extra: Partial<Omit<SandboxSpec, 'command' | 'args' | 'workDir'>> = {},
): Promise<string> {
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
  if (r.code !== 0) {
    const msg = r.stderrTail.trim().split('\n').slice(-3).join(' | ');
    throw new EngineError(`${command} failed (exit ${r.code ?? r.signal}): ${msg}`);
  }
  return stdout;
}

/** The tool must have left a non-empty file. */
export async function assertOutput(file: string, tool: string): Promise<void> {
  const s = await stat(file).catch(() => undefined);
  if (!s || s.size === 0) throw new EngineError(`${tool} wrote no output`);
}
