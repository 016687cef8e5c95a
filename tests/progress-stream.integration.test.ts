import { describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as progress from '@/app/api/v1/conversions/[id]/progress/route';
import { runConversion } from '@/lib/conversions/run-conversion';
import { ACTIVE_STATUSES } from '@/lib/domain/conversion-status';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { makePng } from '@/tests/support/fixtures';

async function readEvents(res: Response) {
  const text = await res.text(); // the stream ends after the terminal event
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine.slice(7), data: JSON.parse(dataLine.slice(6)) };
    });
}

describe('progress stream (SSE)', () => {
  it('pushes the current state, then changes, and ends with completed', async () => {
    const client = new RouteClient();
    const created = await (
      await client.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: uploadForm(await makePng(400, 300), 'a.png', 'avif'),
      })
    ).json();
    const res = await client.call(progress.GET, {
      path: `/api/v1/conversions/${created.id}/progress`,
      params: { id: String(created.id) },
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = readEvents(res);
    await runConversion(BigInt(created.id));
    const list = await events;
    expect(list[0]).toMatchObject({ event: 'progress', data: { id: created.id } });
    expect(ACTIVE_STATUSES).toContain(list[0].data.status);
    expect(list.some((e) => e.data.status === 'processing')).toBe(true);
    expect(list.at(-1)).toMatchObject({ event: 'completed', data: { status: 'completed', progress: 100 } });
  });

  it('a finished conversion gets its terminal event at once', async () => {
    const client = new RouteClient();
    const created = await (
      await client.call(upload.POST, {
        method: 'POST',
        path: '/api/v1/convert/upload',
        body: uploadForm(await makePng(), 'a.png', 'jpg'),
      })
    ).json();
    await runConversion(BigInt(created.id));
    const res = await client.call(progress.GET, {
      path: `/api/v1/conversions/${created.id}/progress`,
      params: { id: String(created.id) },
    });
    const list = await readEvents(res);
    expect(list).toEqual([{ event: 'completed', data: { id: created.id, status: 'completed', progress: 100 } }]);
  });
});
