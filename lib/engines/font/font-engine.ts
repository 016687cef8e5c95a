import { open, rename } from 'node:fs/promises';
import path from 'node:path';
import type { FormatName } from '@/lib/formats/catalog';
import type { Engine, EngineJob } from '../types';
import { hasProgram } from '../sandbox/programs';
import { runPythonScript } from '../python-script';
import { assertOutput, runTool } from '../sandbox/run-tool';

// Fonts. Google's woff2 tools for TrueType/OpenType ↔ WOFF2 (they write next to their input);
// fontTools (Debian python3-fonttools) for the TTX XML dump, read back by ./ttx.py after
// defusedxml has refused any DTD or entity; FontForge for everything else (TrueType, OpenType,
// WOFF, WOFF2, its own SFD source, PostScript Type 1 as PFB; PFA is left out: its bytes are
// PostScript, which is what they are detected as), whose format it picks by the
// output's extension, which we name; eot-utils' mkeot wraps a TrueType font as Embedded OpenType
// (written only: nothing here reads EOT back). All in the sandbox.

const TTX_SCRIPT = path.join(process.cwd(), 'lib/engines/font/ttx.py');
const SFNT = ['ttf', 'otf', 'woff', 'woff2'] as const satisfies readonly FormatName[];
const FONTFORGE = ['ttf', 'otf', 'woff', 'woff2', 'sfd', 'pfb'] as const satisfies readonly FormatName[];

async function woff2(job: EngineJob): Promise<void> {
  const compress = job.targetFormat === 'woff2';
  const written = job.inputPath.replace(/\.[^./]+$/, compress ? '.woff2' : '.ttf');
  await runTool(job, compress ? 'woff2_compress' : 'woff2_decompress', [job.inputPath]);
  await assertOutput(written, 'woff2');
  await rename(written, job.outputPath);
}

/** FontForge: Open, then Save (its own SFD) or Generate (format from the extension). */
async function fontforge(job: EngineJob, input: string, target: FormatName): Promise<void> {
  const out = path.join(job.workDir, `font.${target}`);
  const script = `Open($1); ${target === 'sfd' ? 'Save' : 'Generate'}($2)`;
  await runTool(job, 'fontforge', ['-quiet', '-lang=ff', '-c', script, input, out]);
  await assertOutput(out, 'fontforge');
  await rename(out, job.outputPath);
}

const python = (job: EngineJob, args: string[]) => runPythonScript(job, TTX_SCRIPT, args);

/** TrueType or CFF outlines: what fontTools compiled a TTX into. */
async function sfntKind(file: string): Promise<'ttf' | 'otf'> {
  const fh = await open(file);
  try {
    const { buffer } = await fh.read(Buffer.alloc(4), 0, 4, 0);
    return buffer.toString('latin1') === 'OTTO' ? 'otf' : 'ttf';
  } finally {
    await fh.close();
  }
}

/** EOT from TrueType: other fonts become TrueType first (FontForge converts the outlines). */
async function eot(job: EngineJob): Promise<void> {
  let ttf = job.inputPath;
  if (job.inputFormat !== 'ttf') {
    ttf = path.join(job.workDir, 'font.ttf');
    await runTool(job, 'fontforge', ['-quiet', '-lang=ff', '-c', 'Open($1); Generate($2)', job.inputPath, ttf]);
  }
  await runTool(job, 'sh', ['-c', 'exec mkeot "$0" > "$1"', ttf, job.outputPath]);
}

async function convert(job: EngineJob): Promise<void> {
  const { inputFormat: from, targetFormat: to } = job;
  if (to === 'eot') {
    await eot(job);
  } else if (to === 'ttx') {
    await python(job, ['dump', job.inputPath, job.outputPath]);
  } else if (from === 'ttx') {
    const compiled = path.join(job.workDir, 'compiled.sfnt');
    await python(job, ['compile', job.inputPath, compiled]);
    if ((await sfntKind(compiled)) === to) await rename(compiled, job.outputPath);
    else await fontforge(job, compiled, to);
  } else if ((to === 'woff2' && (from === 'ttf' || from === 'otf')) || (from === 'woff2' && to === 'ttf')) {
    await woff2(job);
  } else {
    await fontforge(job, job.inputPath, to);
  }
  await assertOutput(job.outputPath, 'font');
}

const withFontforge = hasProgram('fontforge');
const withMkeot = withFontforge && hasProgram('mkeot');

export const fontEngine: Engine = {
  name: 'fonts',
  requires: ['woff2_compress', 'woff2_decompress'],
  conversions: [
    { from: ['ttf', 'otf'], to: ['woff2'] },
    { from: ['woff2'], to: ['ttf'] },
    ...(withFontforge
      ? [
          { from: FONTFORGE, to: FONTFORGE },
          { from: SFNT, to: ['ttx' as const] },
          { from: ['ttx' as const], to: FONTFORGE },
        ]
      : []),
    ...(withMkeot ? [{ from: FONTFORGE, to: ['eot' as const] }] : []),
  ],
  convert,
};
