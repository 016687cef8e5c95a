import { InngestTestEngine } from '@inngest/test';
import { describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import { convertFile } from '@/inngest/functions/convert-file';
import { db } from '@/lib/db';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { makePng } from '@/tests/support/fixtures';

describe('Inngest function convert-file', () => {
  it('converts the conversion named by the event, through the same lib code', async () => {
    const res = await new RouteClient().call(upload.POST, { method: 'POST', path: '/api/v1/convert/upload', body: uploadForm(await makePng(), 'i.png', 'tiff') });
    const { id } = await res.json();
    const t = new InngestTestEngine({ function: convertFile, events: [{ name: 'transmute/conversion.requested', data: { conversionId: String(id) } }] });
    const { result } = await t.execute();
    expect(result).toBe('completed');
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
    expect(row.status).toBe('completed');
  });

  it('a bad payload is a non-retriable error', async () => {
    const t = new InngestTestEngine({ function: convertFile, events: [{ name: 'transmute/conversion.requested', data: { conversionId: 'nope' } }] });
    const { error } = await t.execute();
    expect(String((error as Error)?.message ?? error)).toMatch(/Bad payload/);
  });
});
