import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { config } from '@/lib/config';
import { processJobsDir } from '@/lib/engines/sandbox/job-folders';
import { EngineError } from '../sandbox/sandbox';
import type { WorkerSpec } from '../warm/sandboxed-worker';
import type { SheetPick } from './sheets';
import { OFFICE_PYTHON, officeSystemView } from './system-view';

// One warm LibreOffice: the Python UNO bridge (bridge.py) and its soffice child inside ONE
// bubblewrap sandbox whose only writable folder is this instance's folder (profile + exchange).

const BRIDGE_CANDIDATES = [
  config.libreoffice.bridgePath,
  path.join(process.cwd(), 'lib/engines/libreoffice/bridge.py'),
].filter((p): p is string => Boolean(p));

/**
 * Defence in depth on top of the per-load flags (bridge.py: UpdateDocMode NO_UPDATE, macros never).
 * Measured on 7.4 with inspect bypassed: BlockUntrustedRefererLinks is what keeps an ODT's linked
 * image (xlink:href to a file LibreOffice can see) out of the result; the link-update modes are
 * set to "never" (Writer 0 = NEVER, Calc 1 = LM_NEVER: the two enums differ) though the load flag
 * already wins. Nothing in 7.4 stops the RTF/DOCX importer reading an INCLUDEPICTURE file: inspect
 * refuses those, and the sandbox (system-view.ts) shows nothing worth linking to.
 */
const REGISTRY = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="FirstRun" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;

/** What the bridge is asked for: files inside the exchange folder and the filters to use. */
export type BridgeRequest = {
  in: string;
  out: string;
  inFilter: string;
  inOptions?: string;
  filter: string;
  options?: string;
  /** Write a workbook sheet by sheet (./sheets.ts): every sheet, or the one picked. */
  sheets?: SheetPick;
};

/** How to start one warm LibreOffice (read at each start, so a test may change the environment). */
export function officeWorkerSpec(): WorkerSpec {
  const bridge = BRIDGE_CANDIDATES.find((p) => existsSync(p));
  if (!bridge) throw new EngineError(`LibreOffice bridge not found (looked in ${BRIDGE_CANDIDATES.join(', ')})`);
  const pipeName = `transmute_${randomBytes(8).toString('hex')}`;
  return {
    name: 'LibreOffice',
    parentDir: processJobsDir(),
    command: OFFICE_PYTHON,
    args: (dir) => [bridge, dir, pipeName],
    systemView: officeSystemView(),
    extraRoBinds: [bridge],
    memoryLimitBytes: 3 * 1024 ** 3,
    startTimeoutMs: 60_000,
    prepare: async (dir) => {
      await mkdir(path.join(dir, 'profile', 'user'), { recursive: true });
      await writeFile(path.join(dir, 'profile', 'user', 'registrymodifications.xcu'), REGISTRY);
    },
  };
}
