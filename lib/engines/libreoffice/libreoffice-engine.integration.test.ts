import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { detectFormat } from '@/lib/formats/detect-format';
import { HEAD_BYTES } from '@/lib/formats/head-bytes';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { deflateOnce, minimalDocx, minimalOdp } from '@/tests/fixtures/zip';

// Small budget so the restart-after-N test is quick, and one instance, so poolStatus()[0] is the
// one every job used (both read by the pool at import time).
vi.hoisted(() => {
  process.env.LIBREOFFICE_MAX_CONVERSIONS = '6';
  process.env.LIBREOFFICE_POOL_SIZE = '1';
});
const { libreofficeEngine, poolStatus, shutdownLibreOffice, warmUp } = await import('./libreoffice-engine');
const { EngineError } = await import('../sandbox/sandbox');

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});
// Other processes on the machine (a dev worker) may run their own pools: only ours count.
const ourDirs = new Set<string>();
const noteDir = () => {
  const dir = poolStatus()[0].dir;
  if (dir) ourDirs.add(dir);
};
afterAll(async () => {
  await shutdownLibreOffice();
  expect(await officeProcesses([...ourDirs])).toEqual([]);
});

async function convert(input: Buffer, from: FormatName, to: FormatName, extra: Partial<TestJob> = {}) {
  const j = await makeJob(input, from, to, extra);
  jobs.push(j);
  await libreofficeEngine.inspect!(j);
  noteDir();
  try {
    await libreofficeEngine.convert(j);
  } finally {
    noteDir();
  }
  return j;
}
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

async function zipEntry(file: string, name: string): Promise<string> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  try {
    for await (const e of zip.eachEntry()) {
      if (e.fileName !== name) continue;
      const chunks: Buffer[] = [];
      for await (const c of await zip.openReadStreamPromise(e)) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    }
    throw new Error(`${name} not in ${file}`);
  } finally {
    zip.close();
  }
}

/** Processes (bwrap, bridge, soffice) still alive for the given instance folders. */
async function officeProcesses(dirs: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((n) => /^\d+$/.test(n))) {
    const cmd = (await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).replaceAll('\0', ' ');
    if (dirs.some((d) => cmd.includes(d))) found.push(`${pid}: ${cmd.slice(0, 120)}`);
  }
  return found;
}

const DOC_TEXT = ['Quarterly report of the Transmute project', 'Second paragraph: ünïcödé & <markup>'];

describe('LibreOffice engine (warm pool)', () => {
  it('DOCX → PDF twice through the warm pool, fast once warm', async () => {
    const t0 = Date.now();
    await warmUp();
    const startMs = Date.now() - t0;
    const times: number[] = [];
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      const j = await convert(minimalDocx(DOC_TEXT), 'docx', 'pdf');
      times.push(Math.round(performance.now() - started));
      const text = pdfText(j.outputPath);
      expect(text).toContain(DOC_TEXT[0]);
      expect(text).toContain('ünïcödé & <markup>');
    }
    console.log(`LibreOffice start ${startMs} ms; warm DOCX→PDF: ${times.join(' ms, ')} ms`);
    expect(Math.min(...times)).toBeLessThan(1500);
  });

  it('TXT → DOCX, and a Word 97 .doc → ODT, keep the text', async () => {
    const docx = await convert(Buffer.from(DOC_TEXT.join('\n') + '\n'), 'txt', 'docx');
    expect(await zipEntry(docx.outputPath, 'word/document.xml')).toContain(DOC_TEXT[0]);
    // .doc is input-only for us: make one with a cold, test-side soffice.
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'lo-fixture-'));
    try {
      await writeFile(path.join(tmp, 'src.docx'), minimalDocx(DOC_TEXT));
      execFileSync(
        'soffice',
        [
          `-env:UserInstallation=file://${tmp}/profile`,
          '--headless',
          '--convert-to',
          'doc',
          '--outdir',
          tmp,
          path.join(tmp, 'src.docx'),
        ],
        { stdio: 'ignore' },
      );
      const docBytes = await readFile(path.join(tmp, 'src.doc'));
      expect(await detectFormat(docBytes.subarray(0, HEAD_BYTES), 'x.bin')).toBe('doc');
      const odt = await convert(docBytes, 'doc', 'odt');
      expect(await zipEntry(odt.outputPath, 'content.xml')).toContain(DOC_TEXT[0]);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });

  it('DOCX → TXT / HTML / RTF', async () => {
    expect(await readFile((await convert(minimalDocx(DOC_TEXT), 'docx', 'txt')).outputPath, 'utf8')).toContain(
      DOC_TEXT[1],
    );
    const html = await readFile((await convert(minimalDocx(DOC_TEXT), 'docx', 'html')).outputPath, 'utf8');
    expect(html).toMatch(/<html/i);
    expect(html).toContain('Quarterly report');
    const rtf = await readFile((await convert(minimalDocx(DOC_TEXT), 'docx', 'rtf')).outputPath, 'latin1');
    expect(rtf.startsWith('{\\rtf')).toBe(true);
  });

  it('CSV → XLSX → CSV and XLSX → PDF keep the cells', async () => {
    const csv = 'name,amount,city\nAlice,12.5,Zürich\nBob,7,"Paris, FR"\n';
    const xlsx = await convert(Buffer.from(csv), 'csv', 'xlsx');
    expect(await detectFormat((await readFile(xlsx.outputPath)).subarray(0, HEAD_BYTES), 'x')).toBe('xlsx');
    const back = await readFile((await convert(await readFile(xlsx.outputPath), 'xlsx', 'csv')).outputPath, 'utf8');
    expect(back.trim().split(/\r?\n/)).toEqual(['name,amount,city', 'Alice,12.5,Zürich', 'Bob,7,"Paris, FR"']);
    const pdf = pdfText((await convert(await readFile(xlsx.outputPath), 'xlsx', 'pdf')).outputPath);
    expect(pdf).toMatch(/Alice\s+12.5\s+Zürich/);
  });

  it('ODP → PPTX → PDF keeps the slide text', async () => {
    const pptx = await convert(minimalOdp(['Hello from a slide', 'Second box']), 'odp', 'pptx');
    expect(await detectFormat((await readFile(pptx.outputPath)).subarray(0, HEAD_BYTES), 'x')).toBe('pptx');
    const text = pdfText((await convert(await readFile(pptx.outputPath), 'pptx', 'pdf')).outputPath);
    expect(text).toContain('Hello from a slide');
  });

  it('HTML with links to local files and to a listener on 127.0.0.1 fetches nothing', async () => {
    let hits = 0;
    const server = net.createServer((s) => (hits++, s.destroy()));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const html = `<!DOCTYPE html><html><body><p>Visible text</p>
        <img src="http://127.0.0.1:${port}/pixel.png"><img src="file:///etc/passwd">
        <iframe src="file:///etc/hostname"></iframe><link rel="stylesheet" href="http://127.0.0.1:${port}/s.css">
        <p><a href="file:///root/">x</a></p></body></html>`;
      const text = pdfText((await convert(Buffer.from(html), 'html', 'pdf')).outputPath);
      expect(text).toContain('Visible text');
      expect(text).not.toMatch(/root:x:0:0/);
      expect(hits).toBe(0);
    } finally {
      server.close();
    }
  });

  describe('zip bombs are refused by inspect', () => {
    const refused = (e: unknown) => e instanceof AppError && e.code === 'unsupported_format';
    it('a 20 MB entry compressed ~1000:1', async () => {
      const bomb = minimalDocx(
        ['x'],
        [
          {
            name: 'word/media/big.bin',
            data: Buffer.alloc(0),
            precompressed: deflateOnce(Buffer.alloc(20 * 1024 ** 2)),
          },
        ],
      );
      const j = await makeJob(bomb, 'docx', 'pdf');
      jobs.push(j);
      await expect(libreofficeEngine.inspect!(j)).rejects.toSatisfy(refused);
    });
    it('600 entries of 1 MB each (600 MB expanded, each below the ratio check)', async () => {
      const mb = deflateOnce(Buffer.alloc(1024 ** 2));
      const entries = Array.from({ length: 600 }, (_, i) => ({
        name: `word/media/p${i}.bin`,
        data: Buffer.alloc(0),
        precompressed: mb,
      }));
      const bomb = minimalDocx(['x'], entries);
      expect(bomb.length).toBeLessThan(2 * 1024 ** 2);
      const j = await makeJob(bomb, 'docx', 'pdf');
      jobs.push(j);
      await expect(libreofficeEngine.inspect!(j)).rejects.toSatisfy(refused);
    });
    it('an entry whose header lies about its size', async () => {
      const liar = minimalDocx(
        ['x'],
        [
          {
            name: 'word/media/a.bin',
            data: Buffer.alloc(0),
            precompressed: { ...deflateOnce(Buffer.alloc(5 * 1024 ** 2)), size: 1000 },
          },
        ],
      );
      const j = await makeJob(liar, 'docx', 'pdf');
      jobs.push(j);
      await expect(libreofficeEngine.inspect!(j)).rejects.toSatisfy(refused);
    });
  });

  it('refuses a file whose bytes are not the claimed format', async () => {
    const j = await makeJob(Buffer.from('plain words'), 'docx', 'pdf');
    jobs.push(j);
    await expect(libreofficeEngine.inspect!(j)).rejects.toSatisfy((e) => e instanceof AppError);
  });

  it('cancel kills the instance; the next job gets a fresh one', async () => {
    await warmUp();
    const before = poolStatus()[0].dir!;
    expect(await officeProcesses([before])).not.toEqual([]);
    const ac = new AbortController();
    const big = Buffer.from(
      Array.from(
        { length: 60_000 },
        (_, i) => `Line ${i} of a long text that takes LibreOffice a while to lay out.`,
      ).join('\n'),
    );
    // Cancelled once the document has gone to the instance (10 %: placed in its exchange folder).
    const onProgress = (p: number) => p >= 10 && ac.abort();
    await expect(convert(big, 'txt', 'pdf', { signal: ac.signal, onProgress })).rejects.toSatisfy(
      (e) => e instanceof EngineError && e.cancelled,
    );
    expect(await officeProcesses([before])).toEqual([]);
    expect(existsSync(before)).toBe(false);
    const j = await convert(minimalDocx(DOC_TEXT), 'docx', 'pdf');
    expect(pdfText(j.outputPath)).toContain(DOC_TEXT[0]);
    expect(poolStatus()[0].dir).not.toBe(before);
  });

  it('a timeout kills the instance; the next job gets a fresh one', async () => {
    const { config } = await import('@/lib/config');
    await warmUp();
    const before = poolStatus()[0].dir!;
    // Works whether config.engineTimeoutMs is a plain value or a getter over the environment.
    const saved = Object.getOwnPropertyDescriptor(config, 'engineTimeoutMs')!;
    Object.defineProperty(config, 'engineTimeoutMs', { value: 300, configurable: true });
    try {
      const big = Buffer.from(
        Array.from({ length: 60_000 }, (_, i) => `Row ${i}, long enough to need real layout work in Writer.`).join(
          '\n',
        ),
      );
      await expect(convert(big, 'txt', 'pdf')).rejects.toSatisfy((e) => e instanceof EngineError && e.timedOut);
    } finally {
      Object.defineProperty(config, 'engineTimeoutMs', saved);
    }
    expect(await officeProcesses([before])).toEqual([]);
    await convert(minimalDocx(['after timeout']), 'docx', 'odt');
    expect(poolStatus()[0].dir).not.toBe(before);
  });

  it('restarts an instance after LIBREOFFICE_MAX_CONVERSIONS conversions', async () => {
    const dirs = new Set<string>();
    for (let i = 0; i < 8; i++) {
      await convert(Buffer.from(`n${i}`), 'txt', 'odt');
      const { dir, conversions } = poolStatus()[0];
      if (dir) dirs.add(dir);
      expect(conversions).toBeLessThanOrEqual(6);
    }
    expect(dirs.size).toBeGreaterThanOrEqual(2);
  });

  it('leaves nothing of the job in the exchange folder', async () => {
    await convert(minimalDocx(['x']), 'docx', 'odt');
    const dir = poolStatus()[0].dir;
    // Its slot is kept for the next job, empty.
    if (dir) {
      const left = await readdir(`${dir}/x`, { recursive: true, withFileTypes: true });
      expect(left.filter((e) => !e.isDirectory()).map((e) => e.name)).toEqual([]);
    }
    expect(existsSync('/tmp/OSL_PIPE_0_transmute')).toBe(false); // the UNO pipe lives in the sandbox's own /tmp
  });
});
