import path from 'node:path';
import { AppError } from '@/lib/api/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { EngineError } from '../sandbox';
import type { Engine, EngineJob } from '../types';
import { runInJob } from '../run-in-job';
import { assertOutput } from './run-tool';

// Structured data (JSON, YAML, TOML, XML, plists, CSV/TSV, INI) read into plain values and
// written in another of them by ./data-convert.py, in the sandbox with Debian's python3-yaml,
// python3-tomli-w, python3-xmltodict and python3-defusedxml. The script refuses (exit 2) what is
// not the format it claims, XML with a DTD or entities (billion laughs, XXE), alias bombs and
// values nested too deep; the memory cap and the time limit bound everything else.

const SCRIPT = path.join(process.cwd(), 'lib/engines/breadth/data-convert.py');

const READS = ['json', 'ndjson', 'geojson', 'yaml', 'toml', 'xml', 'plist', 'bplist', 'csv', 'tsv', 'ini'] as const;
const WRITES = ['json', 'ndjson', 'yaml', 'toml', 'xml', 'plist', 'bplist', 'csv', 'tsv', 'ini'] as const;

async function convert(job: EngineJob): Promise<void> {
  const r = await runInJob(
    job,
    'python3',
    ['-I', SCRIPT, job.inputFormat, job.targetFormat, job.inputPath, job.outputPath],
    { extraRoBinds: [SCRIPT], memoryLimitBytes: 1024 ** 3 },
  );
  const why = /^REFUSED: (.*)$/m.exec(r.stderrTail)?.[1];
  if (r.code === 2 && why) throw new AppError('unsupported_format', `The ${job.inputFormat} file was refused: ${why}.`);
  if (r.code !== 0) {
    const msg = r.stderrTail.trim().split('\n').slice(-3).join(' | ');
    throw new EngineError(`data conversion failed (exit ${r.code ?? r.signal}): ${msg}`);
  }
  await assertOutput(job.outputPath, 'data');
}

export const dataEngine: Engine = {
  name: 'data',
  requires: ['python3'],
  conversions: [{ from: READS as readonly FormatName[], to: WRITES as readonly FormatName[] }],
  convert,
};
