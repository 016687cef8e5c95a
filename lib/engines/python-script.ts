import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { runInJob } from './sandbox/run-in-job';
import { EngineError } from './sandbox/sandbox';
import type { EngineJob } from './types';

// One of our Python scripts (./data/convert.py, ./font/ttx.py) run in the sandbox with Debian's
// python3 and its packages. Exit code 2 with a "REFUSED: why" line is the input's fault (a 400);
// any other failure is the engine's.

export async function runPythonScript(
  job: Pick<EngineJob, 'workDir' | 'signal'> & { inputFormat: FormatName },
  script: string,
  args: readonly string[],
): Promise<void> {
  const r = await runInJob(job, 'python3', ['-I', script, ...args], {
    extraRoBinds: [script],
    memoryLimitBytes: 1024 ** 3,
  });
  const why = /^REFUSED: (.*)$/m.exec(r.stderrTail)?.[1];
  if (r.code === 2 && why) throw new AppError('unsupported_format', `The ${job.inputFormat} file was refused: ${why}.`);
  if (r.code !== 0) {
    const msg = r.stderrTail.trim().split('\n').slice(-3).join(' | ');
    throw new EngineError(`${script.replace(/.*\//, '')} failed (exit ${r.code ?? r.signal}): ${msg}`);
  }
}
