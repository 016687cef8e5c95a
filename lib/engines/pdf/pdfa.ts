import { access, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EngineError } from '../sandbox/sandbox';
import type { JobFolder } from '../sandbox/run-in-job';
import { assertOutput, runTool } from '../sandbox/run-tool';

// The PDF/A pass: any PDF rewritten as PDF/A-2b by Ghostscript's pdfwrite, sandboxed like every
// engine run. Ghostscript embeds every font (substituting its own URW fonts for the standard ones a
// PDF names without embedding), converts colours to RGB and writes the XMP that declares PDF/A-2b
// (pdfaid:part 2, conformance B); the output intent (an sRGB ICC profile, which PDF/A requires for
// device colours) comes from the prologue below, our own: Ghostscript's sample PDFA_def.ps would set
// a Title of "Title".

/** Debian's ghostscript (libgs-common) ships it; inside the sandbox it is under the read-only /usr. */
const SRGB_PROFILE = '/usr/share/color/icc/ghostscript/srgb.icc';

/** PostScript run before the PDF: the ICC stream and the output intent that points at it. */
const PROLOGUE = `%!
[/_objdef {icc_PDFA} /type /stream /OBJ pdfmark
[{icc_PDFA} << /N 3 >> /PUT pdfmark
[{icc_PDFA} (${SRGB_PROFILE}) (r) file /PUT pdfmark
[/_objdef {OutputIntent_PDFA} /type /dict /OBJ pdfmark
[{OutputIntent_PDFA} <<
  /Type /OutputIntent
  /S /GTS_PDFA1
  /DestOutputProfile {icc_PDFA}
  /OutputConditionIdentifier (sRGB IEC61966-2.1)
  /Info (sRGB IEC61966-2.1)
>> /PUT pdfmark
[{Catalog} << /OutputIntents [ {OutputIntent_PDFA} ] >> /PUT pdfmark
`;

/**
 * Rewrites `pdfPath` (inside the job folder) as PDF/A-2b, in place or to `target`. Pictures stay as
 * they are: JPEGs pass through, others are recompressed losslessly (pdfwrite would pick JPEG for
 * photographs), and pages are neither downsampled nor turned. Run after every conversion to PDF
 * with `pdfa: true` (../../conversions/run-conversion.ts) and by merge.
 */
export async function writePdfA(job: JobFolder, pdfPath: string, target = pdfPath): Promise<void> {
  // Without the profile Ghostscript stops the prologue and the result would not be PDF/A.
  await access(SRGB_PROFILE).catch((e: unknown) => {
    throw new EngineError(`PDF/A needs the sRGB profile ${SRGB_PROFILE} (Debian package libgs-common)`, { cause: e });
  });
  const prologue = path.join(job.workDir, 'pdfa-prologue.ps');
  const out = path.join(job.workDir, 'pdfa-pass.pdf');
  await writeFile(prologue, PROLOGUE);
  try {
    await runTool(job, 'gs', [
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-dQUIET',
      '-sDEVICE=pdfwrite',
      '-dPDFA=2',
      // What PDF/A-2 does not allow (e.g. a non-embeddable font) is dropped or replaced, not an error.
      '-dPDFACompatibilityPolicy=1',
      '-sColorConversionStrategy=RGB',
      `--permit-file-read=${SRGB_PROFILE}`,
      '-dAutoRotatePages=/None',
      '-dAutoFilterColorImages=false',
      '-dAutoFilterGrayImages=false',
      '-dColorImageFilter=/FlateEncode',
      '-dGrayImageFilter=/FlateEncode',
      `-sOutputFile=${out}`,
      // An absolute path: a bare name would find Ghostscript's own sample prologue first.
      prologue,
      '-f',
      pdfPath,
    ]);
    await assertOutput(out, 'ghostscript (PDF/A)');
    await rename(out, target);
  } finally {
    await Promise.all([prologue, out].map((f) => rm(f, { force: true })));
  }
}
