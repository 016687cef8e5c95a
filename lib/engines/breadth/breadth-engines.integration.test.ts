import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/api/errors';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { archiveEngine } from './archive-engine';
import { imagemagickEngine } from './imagemagick-engine';

// The hostile-input rules of the long-tail engines (the format matrix covers the good paths).

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
    const { runTool } = await import('./run-tool');
    const policyDir = path.join(process.cwd(), 'lib/engines/breadth/imagemagick');
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
    const up = await tarJob((d) => writeFileSync(path.join(d, 'x'), 'x'), ['--transform', 's,^\\./x,../x,']);
    await expect(archiveEngine.inspect!(up)).rejects.toThrow(/outside/);
  });

  it('refuses a tar that declares more than the zip-bomb total', async () => {
    const j = await tarJob((d) => execFileSync('truncate', ['-s', '600M', path.join(d, 'big')]), ['--sparse']);
    const err = await archiveEngine.inspect!(j).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(String(err)).toMatch(/expands to more than/);
  });
});
