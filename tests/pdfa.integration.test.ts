import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as formats from '@/app/api/v1/formats/route';
import { shutdownEngines } from '@/lib/engines/pools';
import { ACTIVE_CONTENT, pdfWithActiveContent } from '@/tests/fixtures/hostile-pdf';
import { convert, post } from '@/tests/support/convert-options';
import { RouteClient } from '@/tests/support/route-client';

// `pdfa: true` on every conversion to PDF, through POST /convert/upload and the job: the result
// declares PDF/A-2b in its XMP, embeds every font, carries an sRGB output intent, and still holds
// its text. (veraPDF is not packaged for Debian: these are the structural checks it would start with.)

const tmp = mkdtempSync(path.join(os.tmpdir(), 'pdfa-'));
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await shutdownEngines();
});

const saved = (bytes: Buffer, name: string) => {
  const file = path.join(tmp, name);
  writeFileSync(file, bytes);
  return file;
};
const run = (cmd: string, args: string[], input?: string) =>
  execFileSync(cmd, args, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type QpdfObjects = Record<string, { value?: Json; stream?: { dict: Record<string, Json> } }>;

/** The objects of a PDF as qpdf's JSON (version 2) gives them, with `deref` for a reference. */
function objectsOf(file: string) {
  const objects = (JSON.parse(run('qpdf', ['--json=2', '--json-key=qpdf', file])) as { qpdf: [Json, QpdfObjects] })
    .qpdf[1];
  const deref = (v: Json | undefined) => {
    const key = typeof v === 'string' && /^\d+ \d+ R$/.test(v) ? `obj:${v}` : undefined;
    return key ? (objects[key]?.value ?? objects[key]?.stream?.dict) : v;
  };
  const trailer = objects.trailer?.value as Record<string, Json>;
  return { objects, deref, root: deref(trailer['/Root']) as Record<string, Json> };
}

/** Checks `bytes` is PDF/A-2b as far as its structure tells, and holds each of `sentences`. */
function expectPdfA2b(bytes: Buffer, sentences: string[]) {
  const file = saved(bytes, `${Math.random().toString(36).slice(2)}.pdf`);
  const xmp = run('pdfinfo', ['-meta', file]);
  expect(xmp).toMatch(/pdfaid:part(>|=["'])2\b/);
  expect(xmp).toMatch(/pdfaid:conformance(>|=["'])B\b/);

  // pdffonts: a header, a rule, then one line per font; its `emb` column says whether it is embedded.
  const [header, , ...fonts] = run('pdffonts', [file]).trimEnd().split('\n');
  const emb = header.indexOf('emb');
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) expect(font.slice(emb, emb + 3), font).toBe('yes');

  const { deref, root } = objectsOf(file);
  const intents = deref(root['/OutputIntents']) as Json[];
  expect(intents.length).toBeGreaterThan(0);
  const intent = deref(intents[0]) as Record<string, Json>;
  expect(intent['/S']).toBe('/GTS_PDFA1');
  // The profile is an ICC stream of three components (sRGB).
  const profile = deref(intent['/DestOutputProfile']) as Record<string, Json>;
  expect(profile['/N']).toBe(3);
  const icc = run('qpdf', [
    `--show-object=${String(intent['/DestOutputProfile']).replace(/ R$/, '')}`,
    '--raw-stream-data',
    file,
  ]);
  expect(icc.length).toBeGreaterThan(0);

  const text = run('pdftotext', [file, '-']).replace(/\s+/g, ' ');
  let at = 0;
  for (const s of sentences) {
    const found = text.indexOf(s, at);
    expect(found, `"${s}" in order in: ${text}`).toBeGreaterThanOrEqual(0);
    at = found + s.length;
  }
}

/** A PDF whose font (Helvetica) is named, not embedded, and with no XMP: what the pass must fix. */
function plainPdf(sentences: string[]): Buffer {
  const content = sentences.map((s, i) => `BT /F1 18 Tf 72 ${720 - i * 30} Td (${s}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const raw = `%PDF-1.4\n${objects.map((o, i) => `${i + 1} 0 obj\n${o}\nendobj\n`).join('')}trailer\n<< /Root 1 0 R /Size 6 >>\n%%EOF\n`;
  // qpdf writes the cross-reference table the hand-made file lacks.
  const file = saved(Buffer.from(raw, 'latin1'), 'plain-in.pdf');
  const fixed = path.join(tmp, 'plain.pdf');
  execFileSync('qpdf', ['--warning-exit-0', file, fixed], { stdio: 'ignore' });
  const out = readFileSync(fixed);
  expect(run('pdffonts', [fixed])).toMatch(/Helvetica\s+Type 1\s+WinAnsi\s+no/);
  return out;
}

describe('pdfa: true', () => {
  it('makes PostScript → PDF a PDF/A-2b', async () => {
    const ps = Buffer.from(
      '%!PS\n/Helvetica findfont 20 scalefont setfont\n72 720 moveto (Archive this page) show\n' +
        '72 690 moveto (Second line of PostScript) show\nshowpage\n',
    );
    expectPdfA2b(await convert(ps, 'page.ps', 'pdf', { pdfa: true }), [
      'Archive this page',
      'Second line of PostScript',
    ]);
  });

  it('makes SVG → PDF a PDF/A-2b', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="120">' +
        '<rect width="400" height="120" fill="#3366cc"/>' +
        '<text x="20" y="50" font-family="DejaVu Sans" font-size="24" fill="#fff">Vector words kept</text>' +
        '<text x="20" y="90" font-family="DejaVu Serif" font-size="20" fill="#ff0">in an archive</text></svg>',
    );
    expectPdfA2b(await convert(svg, 'drawing.svg', 'pdf', { pdfa: true }), ['Vector words kept', 'in an archive']);
  });

  it('makes a PDF (fonts not embedded, no XMP) a PDF/A-2b: PDF → PDF', async () => {
    const sentences = ['An ordinary PDF page', 'made fit for archiving'];
    expectPdfA2b(await convert(plainPdf(sentences), 'plain.pdf', 'pdf', { pdfa: true }), sentences);
  });

  it('makes DOCX → PDF a PDF/A-2b (LibreOffice writes it itself)', async () => {
    const docx = path.join(tmp, 'letter.docx');
    run(
      'pandoc',
      ['-f', 'markdown', '-o', docx],
      '# A letter\n\nFirst paragraph of the letter.\n\nSigned **in bold**.\n',
    );
    const pdf = await convert(readFileSync(docx), 'letter.docx', 'pdf', { pdfa: true });
    expectPdfA2b(pdf, ['A letter', 'First paragraph of the letter.', 'Signed in bold.']);
  });

  it('PDF → PDF takes out active content: scripts, launch and remote-file actions, attachments', async () => {
    const source = pdfWithActiveContent();
    const qdf = (file: string) => run('qpdf', ['--qdf', '--object-streams=disable', file, '-']);
    expect(qdf(saved(source, 'active.pdf'))).toMatch(ACTIVE_CONTENT);
    const pdf = await convert(source, 'active.pdf', 'pdf', { pdfa: true });
    expect(qdf(saved(pdf, 'active-a.pdf'))).not.toMatch(ACTIVE_CONTENT);
    expectPdfA2b(pdf, ['Quarterly report']);
  });

  it('refuses PDF → PDF without it: nothing would change', async () => {
    for (const options of [undefined, { pdfa: false }]) {
      const res = await post(new RouteClient(), plainPdf(['x']), 'same.pdf', 'pdf', options);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/"pdfa": true/);
    }
  });

  it('is listed: pdf is among PDF targets, and every PDF target of every format takes pdfa', async () => {
    const res = await new RouteClient().call(formats.GET, { path: '/api/v1/formats' });
    type Listing = { format: string; targets: string[]; target_options: Record<string, { names: string[] }> };
    const listed = (await res.json()).formats as Listing[];
    const pdf = listed.find((f) => f.format === 'pdf')!;
    expect(pdf.targets).toContain('pdf');
    expect(pdf.target_options.pdf?.names).toEqual(['pdfa']);
    // Only PDF goes to itself.
    expect(listed.filter((f) => f.format !== 'pdf' && f.targets.includes(f.format)).map((f) => f.format)).toEqual([]);
    const withoutPdfa = listed.filter(
      (f) => f.targets.includes('pdf') && !f.target_options.pdf?.names.includes('pdfa'),
    );
    expect(withoutPdfa.map((f) => f.format)).toEqual([]);
  });
});
