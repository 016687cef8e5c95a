import path from 'node:path';
import type { JobFolder } from '../sandbox/run-in-job';
import { runTool } from '../sandbox/run-tool';
import { pandocSystemView } from './system-view';

// One sandboxed pandoc run. GHC reserves a huge address space, so memory is capped with the RTS's
// own -M instead of RLIMIT_AS. `--sandbox` keeps pandoc's readers and writers from reading
// anything but the files named on its command line (./pandoc-engine.ts says where it cannot be
// used); the narrow system view (./system-view.ts) is the wall behind it either way.

/** Our own pandoc templates, shown read-only to the runs that use one. */
export const TEMPLATES = path.join(process.cwd(), 'lib/engines/pandoc/templates');

export type PandocRun = {
  /** Without pandoc's own --sandbox (writers that need pandoc's data files). */
  unsandboxed?: boolean;
  /** Reads a template from TEMPLATES. */
  templates?: boolean;
};

export async function runPandoc(job: JobFolder, args: readonly string[], run: PandocRun = {}): Promise<void> {
  const sandbox = run.unsandboxed ? [] : ['--sandbox'];
  await runTool(job, 'pandoc', ['+RTS', '-M1g', '-RTS', ...sandbox, ...args], {
    memoryLimitBytes: undefined,
    systemView: pandocSystemView(),
    extraRoBinds: run.templates ? [TEMPLATES] : [],
  });
}
