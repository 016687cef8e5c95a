import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { parseConvertOptions } from '@/lib/conversions/convert-options';
import { AppError } from '@/lib/errors';
import type { FormatName } from '@/lib/formats/catalog';
import { makeJob, type TestJob } from '@/tests/fixtures/engine-job';
import { docxWithPicture, type Sheet, workbookOds } from '@/tests/fixtures/samples-workbook';
import { libreofficeEngine, poolStatus, shutdownLibreOffice } from './libreoffice-engine';

// What LibreOffice results used to lose: every sheet of a workbook written to a one-table format
// (one file per sheet, or the sheet asked for), and the pictures of a document written as HTML.

const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});
afterAll(() => shutdownLibreOffice());

async function convert(input: Buffer, from: FormatName, to: FormatName, options: Record<string, unknown> = {}) {
  const j = await makeJob(input, from, to, { options: parseConvertOptions(from, to, options) });
  jobs.push(j);
  await libreofficeEngine.inspect!(j);
  const result = await libreofficeEngine.convert(j);
  return { file: j.outputPath, parts: result ? result.parts : undefined, bytes: await readFile(j.outputPath) };
}

/** A ZIP's entries in their order in the archive. */
async function zipEntries(file: string): Promise<Array<[string, Buffer]>> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const found: Array<[string, Buffer]> = [];
  try {
    for await (const e of zip.eachEntry()) {
      const chunks: Buffer[] = [];
      for await (const c of await zip.openReadStreamPromise(e)) chunks.push(c as Buffer);
      found.push([e.fileName, Buffer.concat(chunks)]);
    }
  } finally {
    zip.close();
  }
  return found;
}

const csvRows = (b: Buffer) => b.toString('utf8').trim().split(/\r?\n/);

const SHEETS: Sheet[] = [
  {
    name: 'Sales 2024',
    rows: [
      ['region', 'amount'],
      ['North', '120'],
      ['South', '95'],
    ],
  },
  {
    name: 'Zürich Ämter',
    rows: [
      ['office', 'staff'],
      ['Kreis 1', '14'],
    ],
  },
  { name: 'Notes', rows: [['only sheet three']] },
];
const CSV_OF = SHEETS.map((s) => s.rows.map((r) => r.join(',')));

// The workbooks, each made by LibreOffice from the ODS written here.
const workbooks = new Map<FormatName, Buffer>();
beforeAll(async () => {
  workbooks.set('ods', workbookOds(SHEETS));
  for (const to of ['xlsx', 'xls'] as const) workbooks.set(to, (await convert(workbooks.get('ods')!, 'ods', to)).bytes);
}, 120_000);

describe('a workbook to a one-table format keeps every sheet', () => {
  it.each(['xlsx', 'ods', 'xls'] as const)(
    '%s → CSV: a ZIP with one CSV per sheet, named after it, in order',
    async (from) => {
      const out = await convert(workbooks.get(from)!, from, 'csv');
      expect(out.parts).toBe(3);
      const entries = await zipEntries(out.file);
      expect(entries.map(([name]) => name)).toEqual(['Sales 2024.csv', 'Zürich Ämter.csv', 'Notes.csv']);
      entries.forEach(([, csv], i) => expect(csvRows(csv)).toEqual(CSV_OF[i]));
    },
  );

  it('XLSX → SYLK and DIF: every sheet too (filters that only write the first sheet)', async () => {
    const slk = await zipEntries((await convert(workbooks.get('xlsx')!, 'xlsx', 'slk')).file);
    expect(slk.map(([name]) => name)).toEqual(['Sales 2024.slk', 'Zürich Ämter.slk', 'Notes.slk']);
    expect(slk[0][1].toString('latin1')).toContain('K"South"');
    expect(slk[1][1].toString('latin1')).toContain('K"Kreis 1"');
    expect(slk[2][1].toString('latin1')).toContain('K"only sheet three"');
    const dif = await zipEntries((await convert(workbooks.get('xlsx')!, 'xlsx', 'dif')).file);
    expect(dif.map(([, d]) => d.toString('latin1').match(/"(North|Kreis 1|only sheet three)"/)?.[1])).toEqual([
      'North',
      'Kreis 1',
      'only sheet three',
    ]);
  });

  it('the option `sheet` picks one sheet, by name (any case) or by number, as one plain CSV', async () => {
    // As a workbook of one sheet does.
    const single = await convert(workbookOds([SHEETS[1]]), 'ods', 'csv');
    expect([single.parts, csvRows(single.bytes)]).toEqual([undefined, CSV_OF[1]]);
    for (const [sheet, index] of [
      ['Zürich Ämter', 1],
      ['notes', 2],
      [1, 0],
      [3, 2],
    ] as const) {
      const out = await convert(workbooks.get('xlsx')!, 'xlsx', 'csv', { sheet });
      expect(out.parts).toBeUndefined();
      expect(csvRows(out.bytes)).toEqual(CSV_OF[index]);
    }
    const ods = await convert(workbooks.get('ods')!, 'ods', 'csv', { sheet: 'Sales 2024' });
    expect(csvRows(ods.bytes)).toEqual(CSV_OF[0]);
  });

  it('a sheet the workbook does not have is a 400 naming it (the instance is kept)', async () => {
    const running = () => poolStatus().flatMap((s) => (s.dir ? [s.dir] : []));
    const before = running();
    const refused = (text: RegExp) => (e: unknown) =>
      e instanceof AppError && e.code === 'validation_failed' && text.test(e.message);
    await expect(convert(workbooks.get('xlsx')!, 'xlsx', 'csv', { sheet: 'Summary' })).rejects.toSatisfy(
      refused(/no sheet named "Summary".*"Sales 2024", "Zürich Ämter", "Notes"/),
    );
    await expect(convert(workbooks.get('xls')!, 'xls', 'csv', { sheet: 4 })).rejects.toSatisfy(
      refused(/has 3 sheets, so no sheet 4/),
    );
    expect(running()).toEqual(expect.arrayContaining(before));
  });

  it('sheets whose names clean to the same entry name get an entry each; a name too long for a file too', async () => {
    const names: Sheet[] = [
      { name: 'Data', rows: [['first']] },
      { name: 'Data\u200f', rows: [['second']] },
      { name: 'é'.repeat(300), rows: [['third']] },
    ];
    const entries = await zipEntries((await convert(workbookOds(names), 'ods', 'csv')).file);
    expect(entries.map(([name, csv]) => [name, csvRows(csv)])).toEqual([
      ['Data.csv', ['first']],
      ['Data (1).csv', ['second']],
      [`${'é'.repeat(200)}.csv`, ['third']],
    ]);
  });

  it('`sheet` is offered for workbook → one-table pairs only', () => {
    expect(parseConvertOptions('xlsx', 'csv', { sheet: 2 })).toEqual({ sheet: 2 });
    expect(parseConvertOptions('ods', 'dbf', { sheet: 'Notes' })).toEqual({ sheet: 'Notes' });
    for (const [from, to, sheet] of [
      ['xlsx', 'pdf', 1],
      ['csv', 'dif', 1],
      ['xlsx', 'csv', 0],
      ['xlsx', 'csv', ''],
    ] as const)
      expect(() => parseConvertOptions(from, to, { sheet })).toThrow(AppError);
  });
});

describe('a document to HTML is one self-contained file', () => {
  it('DOCX → HTML carries its picture as a data: URI, and no src points at a file', async () => {
    const red = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const html = (await convert(docxWithPicture(red, 'Before the picture', 'After it'), 'docx', 'html')).bytes.toString(
      'utf8',
    );
    expect(html.indexOf('Before the picture')).toBeLessThan(html.indexOf('After it'));
    const sources = [...html.matchAll(/\b(?:src|href|background)\s*=\s*"([^"]*)"/gi)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(0);
    for (const s of sources) expect(s).toMatch(/^(data:|#|https?:)/);
    const uri = html.match(/<img[^>]*\bsrc="data:image\/png;base64,([^"]+)"/)?.[1];
    expect(uri).toBeDefined();
    const { data, info } = await sharp(Buffer.from(uri!, 'base64')).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([3, 2]);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });
});
