import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { config } from '@/lib/config';
import { libreofficeEngine, shutdownLibreOffice } from '@/lib/engines/libreoffice/libreoffice-engine';
import { OFFICE_PYTHON, officeSystemView } from '@/lib/engines/libreoffice/system-view';
import { runSandboxed } from '@/lib/engines/sandbox/sandbox';
import type { FormatName } from '@/lib/formats/catalog';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import {
  docx,
  docxWithHyperlink,
  linkedPicture,
  odfLinkedImage,
  odt,
  paragraph,
  rtfField,
} from '@/tests/fixtures/hostile-documents';

// Documents that link content from elsewhere, sent to the real LibreOffice engine. Three walls:
// inspect refuses them (layer 2); with inspect bypassed, the sandbox shows LibreOffice nothing
// outside its own install (layer 1) and its settings block linked images it could see (layer 3).
// Each bypass test first shows, with a plain soffice outside the sandbox, that the file works.

/** Pictures outside LibreOffice's install that every Debian with LibreOffice has. */
const OUTSIDE_PNG = [
  '/usr/share/icons/hicolor/48x48/apps/libreoffice-writer.png',
  '/usr/share/pixmaps/debian-logo.png',
].find((p) => existsSync(p))!;
/** A picture inside LibreOffice's install (visible in its sandbox). */
const INSTALL_PNG = '/usr/lib/libreoffice/share/toolbarmode/notebookbar_compact.png';

const jobs: TestJob[] = [];
let scratch: string;
let server: http.Server;
let hits: string[] = [];
let port = 0;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'hostile-'));
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('no');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as { port: number }).port;
});
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
  hits = [];
});
afterAll(async () => {
  await shutdownLibreOffice();
  server.close();
  await rm(scratch, { recursive: true, force: true });
});

const job = async (input: Buffer, from: FormatName, to: FormatName = 'pdf') => {
  const j = await makeJob(input, from, to);
  jobs.push(j);
  return j;
};
const linkedRefusal = (e: unknown) => e instanceof AppError && e.code === 'linked_content';
/** Images in a PDF, from poppler's pdfimages -list (header lines dropped). */
const pdfImages = (file: string) =>
  execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
const pdfText = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });

/** The control: a plain soffice, outside any sandbox and with a default profile. */
async function plainSofficePdf(input: Buffer, ext: string): Promise<string> {
  const src = path.join(scratch, `control.${ext}`);
  await writeFile(src, input);
  execFileSync(
    'soffice',
    [`-env:UserInstallation=file://${scratch}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', scratch, src],
    { stdio: 'ignore' },
  );
  return path.join(scratch, 'control.pdf');
}

describe('linked pictures never reach the result', () => {
  it('an RTF INCLUDEPICTURE of a file under /usr/share is refused by inspect', async () => {
    expect(OUTSIDE_PNG).toBeTruthy();
    const j = await job(rtfField(`INCLUDEPICTURE "${OUTSIDE_PNG}" \\\\d`), 'rtf');
    await expect(libreofficeEngine.inspect!(j)).rejects.toSatisfy(linkedRefusal);
  });

  it('layer 1: with inspect bypassed, the sandbox keeps the /usr/share picture out', async () => {
    const rtf = rtfField(`INCLUDEPICTURE "${OUTSIDE_PNG}" \\\\d`);
    expect(pdfImages(await plainSofficePdf(rtf, 'rtf'))).not.toEqual([]); // the file does embed it
    const j = await job(rtf, 'rtf');
    await libreofficeEngine.convert(j);
    expect(pdfText(j.outputPath)).toContain('Visible text');
    expect(pdfImages(j.outputPath)).toEqual([]);
  });

  it('layer 3: with inspect bypassed, an ODT linked image LibreOffice can see is not loaded', async () => {
    const doc = odt(odfLinkedImage(`file://${INSTALL_PNG}`));
    expect(pdfImages(await plainSofficePdf(doc, 'odt'))).not.toEqual([]);
    const j = await job(doc, 'odt');
    await libreofficeEngine.convert(j);
    expect(pdfText(j.outputPath)).toContain('Visible text');
    expect(pdfImages(j.outputPath)).toEqual([]);
  });

  it('a DOCX with external images (file: and http://127.0.0.1) is refused; bypassed, nothing is fetched', async () => {
    const hostile = docx(paragraph('Visible text') + linkedPicture('rIdA') + linkedPicture('rIdB'), [
      { id: 'rIdA', type: 'image', target: 'file:///etc/passwd', external: true },
      { id: 'rIdB', type: 'image', target: `http://127.0.0.1:${port}/pixel.png`, external: true },
    ]);
    const j = await job(hostile, 'docx');
    await expect(libreofficeEngine.inspect!(j)).rejects.toSatisfy(linkedRefusal);
    await libreofficeEngine.convert(j);
    expect(pdfImages(j.outputPath)).toEqual([]);
    expect(pdfText(j.outputPath)).not.toMatch(/root:x:0:0/);
    expect(hits).toEqual([]);
  });

  it('an ODT with an xlink:href image outside the package is refused', async () => {
    for (const href of [`file://${OUTSIDE_PNG}`, `http://127.0.0.1:${port}/x.png`, '../../x.png']) {
      const j = await job(odt(odfLinkedImage(href)), 'odt');
      await expect(libreofficeEngine.inspect!(j)).rejects.toSatisfy(linkedRefusal);
    }
    expect(hits).toEqual([]);
  });

  it('a DOCX with an ordinary hyperlink still converts', async () => {
    const j = await job(docxWithHyperlink('Read the manual', `http://127.0.0.1:${port}/manual`), 'docx');
    await libreofficeEngine.inspect!(j);
    await libreofficeEngine.convert(j);
    expect(pdfText(j.outputPath)).toContain('Read the manual');
    expect(hits).toEqual([]);
  });
});

describe("LibreOffice's sandbox view", () => {
  it('holds no user data, no pictures or documents outside its install, no host /proc', async () => {
    await mkdir(config.jobsDir, { recursive: true });
    const workDir = await mkdtemp(path.join(config.jobsDir, 'view-'));
    try {
      const probe = `
import os
roots = ${JSON.stringify([...officeSystemView()])}
own = ('/usr/lib/libreoffice', '/usr/share/libreoffice', '/etc/libreoffice', '/var/lib/libreoffice')
exts = ('.png', '.jpg', '.jpeg', '.gif', '.bmp', '.svg', '.tif', '.tiff', '.webp', '.xpm', '.ico', '.wmf', '.emf',
        '.pdf', '.doc', '.docx', '.odt', '.rtf', '.xls', '.xlsx', '.ods', '.ppt', '.pptx', '.odp', '.html', '.htm')
for root in roots:
    if root.startswith(own): continue
    for d, _, files in os.walk(root):
        for f in files:
            if f.lower().endswith(exts): print('FILE', os.path.join(d, f))
for p in ['/etc/passwd', '/etc/shadow', '/etc/hostname', '/root', '/home', '/usr/share/doc', '/usr/share/icons',
          '/usr/share/pixmaps', '/usr/local', '/usr/share/zoneinfo', '/usr/bin/sh', ${JSON.stringify(config.filesDir)},
          ${JSON.stringify(path.join(config.dataDir, 'app-secret'))},
          ${JSON.stringify(path.join(process.cwd(), 'package.json'))}]:
    if os.path.exists(p): print('VISIBLE', p)
# Of the jobs folder, only this job's own folder.
print('JOBS', sorted(os.listdir(${JSON.stringify(config.jobsDir)})))
print('PIDS', len([n for n in os.listdir('/proc') if n.isdigit()]))
`;
      const out: string[] = [];
      const r = await runSandboxed({
        command: OFFICE_PYTHON,
        args: ['-c', probe],
        workDir,
        systemView: officeSystemView(),
        timeoutMs: 30_000,
        onStdoutLine: (l) => out.push(l),
      });
      expect(r.code, r.stderrTail).toBe(0);
      expect(out.filter((l) => !/^(PIDS|JOBS)/.test(l))).toEqual([]);
      expect(out).toContain(`JOBS ['${path.basename(workDir)}']`);
      // Its own PID namespace: python and its sandbox parents only, no host process.
      expect(Number(out.find((l) => l.startsWith('PIDS'))!.split(' ')[1])).toBeLessThan(5);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
});
