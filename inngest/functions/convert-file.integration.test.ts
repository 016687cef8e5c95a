import { InngestTestEngine } from '@inngest/test';
import { describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import { convertFile } from '@/inngest/functions/convert-file';
import { db } from '@/lib/db';
import { conversionRequested } from '@/lib/jobs/events';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { makePng } from '@/tests/support/fixtures';

describe('Inngest function convert-file', () => {
  it('converts the conversion named by the event, through the same lib code', async () => {
    const res = await new RouteClient().call(upload.POST, {
      method: 'POST',
      path: '/api/v1/convert/upload',
      body: uploadForm(await makePng(), 'i.png', 'tiff'),
    });
    const { id } = await res.json();
    const t = new InngestTestEngine({
      function: convertFile,
      events: [{ name: conversionRequested.name, data: { conversionId: String(id) } }],
    });
    const { result } = await t.execute();
    expect(result).toBe('completed');
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
    expect(row.status).toBe('completed');
  });

  it('a bad payload is a non-retriable error', async () => {
    for (const data of [{ conversionId: 'nope' }, { conversionId: 42 }, {}]) {
      const t = new InngestTestEngine({ function: convertFile, events: [{ name: conversionRequested.name, data }] });
      const { error } = await t.execute();
      // Inngest checks the event against the trigger's schema (lib/jobs/events.ts) before the
      // function runs; its EventValidationError is a NonRetriableError (the test engine hands
      // the error back serialized, so only its name can be compared).
      expect(error).toMatchObject({ name: 'EventValidationError', message: expect.stringMatching(/conversionId/) });
    }
  });
});
