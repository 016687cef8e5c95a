import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { EngineError } from '@/lib/engines/sandbox/sandbox';
import type { FormatName } from '@/lib/formats/catalog';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { buildZip } from '@/tests/fixtures/zip';
import { archiveEngine } from '../archive/archive-engine';
import { imagemagickEngine } from './imagemagick-engine';
import { pandocEngine } from '../pandoc/pandoc-engine';

// The hostile-input rules of the ImageMagick, archive and pandoc engines (the format matrix covers the good paths).

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('ImageMagick engine', () => {
  it('reads with the coder of the detected format only: a PDF claimed as PSD is not rendered', async () => {
    const j = await makeJob(PDF, 'psd', 'png');
    jobs.push(j);
    await expect(imagemagickEngine.convert(j)).rejects.toThrow(/convert failed/);
  });

  it('loads our policy in the sandbox: the PDF and MVG coders are off even when asked for by name', async () => {
    const j = await makeJob(PDF, 'png', 'png');
    jobs.push(j);
    const { runTool } = await import('../sandbox/run-tool');
    const policyDir = path.join(process.cwd(), 'lib/engines/imagemagick');
    const env = { env: { MAGICK_CONFIGURE_PATH: policyDir }, extraRoBinds: [policyDir] };
    const listed = await runTool(j, 'convert', ['-list', 'policy'], env);
    expect(listed).toContain(path.join(policyDir, 'policy.xml'));
    await expect(runTool(j, 'convert', [`pdf:${j.inputPath}`, `png:${j.outputPath}`], env)).rejects.toThrow(
      /security policy `PDF'/,
    );
    writeFileSync(
      path.join(j.workDir, 'x.mvg'),
      'viewbox 0 0 10 10 image over 0,0 0,0 "/usr/share/pixmaps/debian-logo.png"',
    );
    await expect(
      runTool(j, 'convert', [`mvg:${path.join(j.workDir, 'x.mvg')}`, `png:${j.outputPath}`], env),
    ).rejects.toThrow(/security policy `MVG'/);
  });
});

describe('archive engine', () => {
  async function tarJob(build: (dir: string) => void, extra: string[] = []) {
    const j = await makeJob(Buffer.alloc(0), 'tar', 'zip');
    jobs.push(j);
    const dir = path.join(j.workDir, 'src');
    mkdirSync(dir);
    build(dir);
    execFileSync('tar', ['-cf', j.inputPath, ...extra, '-C', dir, '.']);
    return j;
  }

  it('repacks a tar as a zip with the same entries', async () => {
    const j = await tarJob((d) => writeFileSync(path.join(d, 'a.txt'), 'hello'));
    await archiveEngine.inspect!(j);
    await archiveEngine.convert(j);
    expect(execFileSync('7z', ['l', '-ba', j.outputPath], { encoding: 'utf8' })).toContain('a.txt');
  });

  it('refuses links and paths that leave the folder', async () => {
    const link = await tarJob((d) => symlinkSync('/etc/passwd', path.join(d, 'p')));
    await expect(archiveEngine.inspect!(link)).rejects.toThrow(/links/);
    // A 7z keeps a link too (7z -snl): its listing shows it only in the Unix mode of `Attributes`.
    const seven = await tarJob((d) => symlinkSync('/etc/passwd', path.join(d, 'p')));
    const src = path.join(seven.workDir, 'src');
    seven.inputFormat = '7z';
    seven.inputPath = path.join(seven.workDir, 'input.7z');
    execFileSync('7z', ['a', '-snl', '-bd', seven.inputPath, path.join(src, 'p')], { stdio: 'ignore' });
    await expect(archiveEngine.inspect!(seven)).rejects.toThrow(/links/);
    const up = await tarJob((d) => writeFileSync(path.join(d, 'x'), 'x'), ['--transform', 's,^\\./x,../x,']);
    await expect(archiveEngine.inspect!(up)).rejects.toThrow(/outside/);
  });

  it.each([
    [
      'a Unix symbolic link',
      { name: 'p', data: Buffer.from('/etc/passwd'), mode: 0o120777 },
      /refused: it contains links/,
    ],
    ['a path leaving the folder', { name: '../x', data: Buffer.from('x') }, /refused: an entry points outside/],
    ['an absolute path', { name: '/tmp/x', data: Buffer.from('x') }, /refused: an entry points outside/],
  ])('refuses a ZIP holding %s, naming why', async (_what, entry, message) => {
    const j = await makeJob(buildZip([{ name: 'a.txt', data: Buffer.from('a'), mode: 0o100644 }, entry]), 'zip', '7z');
    jobs.push(j);
    const err = await archiveEngine.inspect!(j).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(String(err)).toMatch(message);
  });

  it('repacks a ZIP whose entries carry ordinary Unix modes', async () => {
    const j = await makeJob(buildZip([{ name: 'a.txt', data: Buffer.from('a'), mode: 0o100644 }]), 'zip', 'tar');
    jobs.push(j);
    await archiveEngine.inspect!(j);
    await archiveEngine.convert(j);
    expect(execFileSync('tar', ['-tf', j.outputPath], { encoding: 'utf8' })).toMatch(/a\.txt/);
  });

  it('refuses a tar that declares more than the zip-bomb total', async () => {
    const j = await tarJob((d) => execFileSync('truncate', ['-s', '600M', path.join(d, 'big')]), ['--sparse']);
    const err = await archiveEngine.inspect!(j).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(String(err)).toMatch(/expands to more than/);
  });
});

describe('pandoc engine', () => {
  // Documents that name files outside the job folder. DOCX/ODT/EPUB/PPTX are written without
  // pandoc's --sandbox (see pandoc-engine.ts); the engine's narrow system view must keep the files out.
  const GPL = '/usr/share/common-licenses/GPL-3'; // on every Debian system
  // (LaTeX \input adds .tex to a name without one, so \lstinputlisting is the one that reads these.)
  const INCLUDES: Array<[FormatName, string]> = [
    ['tex', `Hello\n\n\\lstinputlisting{${GPL}}\n\n\\lstinputlisting{/etc/os-release}\n`],
    ['rst', 'Hello\n\n.. include:: /etc/os-release\n\n.. include:: ' + GPL + '\n   :literal:\n'],
    ['org', `* Hello\n\n#+INCLUDE: "/etc/os-release" src sh\n\n#+INCLUDE: "${GPL}" example\n`],
    // The writers embed images; the DOCX and PPTX writers give up on an absolute path they cannot read.
    ['md', `Hello\n\n![a](${GPL})\n\n![b](/etc/os-release)\n`],
  ];
  const MARKERS = [/GNU GENERAL PUBLIC LICENSE/i, /PRETTY_NAME/];
  const cases = (['docx', 'odt', 'epub', 'pptx'] as const).flatMap((to) =>
    INCLUDES.map(([from, doc]): [FormatName, FormatName, string] => [from, to, doc]),
  );

  it('the files exist here, so the cases below can fail', () => {
    expect(readFileSync(GPL, 'utf8')).toMatch(MARKERS[0]!);
    expect(readFileSync('/etc/os-release', 'utf8')).toMatch(MARKERS[1]!);
  });

  it.each(cases)('%s → %s: includes of system files end up nowhere in the result', async (from, to, doc) => {
    const j = await makeJob(Buffer.from(doc), from, to);
    jobs.push(j);
    // A missing include is only a warning to pandoc; a missing image may fail the run, which is fine.
    const failed = await pandocEngine.convert(j).then(
      () => false,
      (e: unknown) => e instanceof EngineError && /does not exist/.test(e.message),
    );
    if (failed) return;
    const text = execFileSync('unzip', ['-p', j.outputPath], { maxBuffer: 64 * 1024 ** 2 }).toString('latin1');
    expect(text).toContain('Hello');
    for (const m of MARKERS) expect(m.test(text), `${from} → ${to} contains ${m}`).toBe(false);
  });
});
