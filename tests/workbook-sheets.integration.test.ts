import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as download from '@/app/api/v1/convert/download/[id]/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import { runConversion } from '@/lib/conversions/run-conversion';
import { db } from '@/lib/db';
import { libreofficeEngine, shutdownLibreOffice } from '@/lib/engines/libreoffice/libreoffice-engine';
import { makeJob } from '@/tests/fixtures/engine-job';
import { workbookOds } from '@/tests/fixtures/samples-workbook';
import { post } from '@/tests/support/convert-options';
import { RouteClient } from '@/tests/support/route-client';

// A workbook of several sheets to CSV through the whole pipeline: upload, the job, the download of
// a ZIP with one CSV per sheet; and a sheet the workbook does not have fails the run, storing nothing.

let dir: string;
let xlsx: Buffer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'workbook-sheets-'));
  // The XLSX is LibreOffice's own, made from an ODS written here.
  const ods = workbookOds([
    {
      name: 'Budget',
      rows: [
        ['item', 'cost'],
        ['rent', '900'],
      ],
    },
    { name: 'Équipe A', rows: [['name'], ['Ana']] },
    { name: 'Plan', rows: [['week 1', 'week 2']] },
  ]);
  const job = await makeJob(ods, 'ods', 'xlsx');
  await libreofficeEngine.convert(job);
  xlsx = await readFile(job.outputPath);
  await job.cleanup();
}, 120_000);
afterAll(async () => {
  await shutdownLibreOffice();
  await rm(dir, { recursive: true, force: true });
});

async function run(client: RouteClient, options?: unknown) {
  const res = await post(client, xlsx, 'Accounts 2024.xlsx', 'csv', options);
  expect(res.status, await res.clone().text()).toBe(201);
  const id = String(((await res.json()) as { id: number }).id);
  return { id, outcome: await runConversion(BigInt(id)) };
}
const fetchResult = (client: RouteClient, id: string) =>
  client.call(download.GET, { path: `/api/v1/convert/download/${id}`, params: { id } });

describe('XLSX of three sheets → CSV through the pipeline', () => {
  it('downloads as "Accounts 2024.zip" (application/zip) with one CSV per sheet, in order', async () => {
    const client = new RouteClient();
    const { id, outcome } = await run(client);
    expect(outcome).toBe('completed');
    expect((await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } })).resultParts).toBe(3);
    const res = await fetchResult(client, id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('Accounts 2024.zip');
    const zip = path.join(dir, `${id}.zip`);
    await writeFile(zip, Buffer.from(await res.arrayBuffer()));
    execFileSync('unzip', ['-tq', zip]); // every CRC checks out
    const names = execFileSync('zipinfo', ['-1', zip], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toEqual(['Budget.csv', 'Équipe A.csv', 'Plan.csv']);
    const rows = names.map((n) => execFileSync('unzip', ['-p', zip, n], { encoding: 'utf8' }).trim().split('\n'));
    expect(rows).toEqual([['item,cost', 'rent,900'], ['name', 'Ana'], ['week 1,week 2']]);
  });

  it('`sheet` gives that sheet as "Accounts 2024.csv"; a sheet it does not have fails the run with its name', async () => {
    const client = new RouteClient();
    const one = await run(client, { sheet: 'Équipe A' });
    expect(one.outcome).toBe('completed');
    const res = await fetchResult(client, one.id);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toContain('Accounts 2024.csv');
    expect((await res.text()).trim().split('\n')).toEqual(['name', 'Ana']);

    const missing = await run(client, { sheet: 'Forecast' });
    expect(missing.outcome).toBe('failed');
    const st = await client.call(status.GET, {
      path: `/api/v1/convert/status/${missing.id}`,
      params: { id: missing.id },
    });
    expect((await st.json()).error).toMatch(/no sheet named "Forecast"/);
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(missing.id) } });
    expect([row.resultSize, row.resultParts]).toEqual([null, null]);
    expect((await fetchResult(client, missing.id)).status).toBe(409);
  });
});
