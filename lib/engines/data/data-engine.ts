import path from 'node:path';
import type { FormatName } from '@/lib/formats/catalog';
import type { Engine, EngineJob } from '../types';
import { runPythonScript } from '../python-script';
import { assertOutput } from '../sandbox/run-tool';

// Structured data (JSON, YAML, TOML, XML, plists, CSV/TSV, INI) read into plain values and
// written in another of them by ./convert.py, in the sandbox with Debian's python3-yaml,
// python3-tomli-w, python3-xmltodict and python3-defusedxml. The script refuses (exit 2) what is
// not the format it claims, XML with a DTD or entities (billion laughs, XXE), alias bombs and
// values nested too deep; the memory cap and the time limit bound everything else.

const SCRIPT = path.join(process.cwd(), 'lib/engines/data/convert.py');

const READS = ['json', 'ndjson', 'geojson', 'yaml', 'toml', 'xml', 'plist', 'bplist', 'csv', 'tsv', 'ini'] as const;
const WRITES = ['json', 'ndjson', 'yaml', 'toml', 'xml', 'plist', 'bplist', 'csv', 'tsv', 'ini'] as const;

async function convert(job: EngineJob): Promise<void> {
  await runPythonScript(job, SCRIPT, [job.inputFormat, job.targetFormat, job.inputPath, job.outputPath]);
  await assertOutput(job.outputPath, 'data');
}

export const dataEngine: Engine = {
  name: 'data',
  requires: ['python3'],
  conversions: [{ from: READS as readonly FormatName[], to: WRITES as readonly FormatName[] }],
  convert,
};
