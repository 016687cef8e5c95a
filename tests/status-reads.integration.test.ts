import { describe, expect, it } from 'vitest';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import { RouteClient, uploadForm } from '@/tests/support/route-client';
import { makePng } from '@/tests/support/fixtures';

// Concurrent status reads share database statements (lib/conversions/read-conversion-status.ts):
// each read must still get its own conversion's answer, under the same 404/403 rule.

async function created(client: RouteClient): Promise<string> {
  const res = await client.call(upload.POST, {
    method: 'POST',
    path: '/api/v1/convert/upload',
    body: uploadForm(await makePng(), 'a.png', 'webp'),
  });
  expect(res.status).toBe(201);
  return String((await res.json()).id);
}

describe('status reads at once', () => {
  it('answer each caller for its own conversion: 200 with its data, 403 for another caller’s, 404 for none', async () => {
    const alice = new RouteClient();
    const bob = new RouteClient();
    const [a1, a2, b1] = [await created(alice), await created(alice), await created(bob)];
    const read = (client: RouteClient, id: string) =>
      client.call(status.GET, { path: `/api/v1/convert/status/${id}`, params: { id } });
    const cases: Array<[RouteClient, string, number]> = [];
    for (let i = 0; i < 10; i++) {
      cases.push(
        [alice, a1, 200],
        [alice, a2, 200],
        [bob, b1, 200],
        [alice, b1, 403],
        [bob, a2, 403],
        [bob, '4503599627370001', 404],
      );
    }
    const answers = await Promise.all(cases.map(([client, id]) => read(client, id)));
    for (const [i, res] of answers.entries()) {
      const [, id, expected] = cases[i];
      expect(res.status).toBe(expected);
      if (expected === 200) expect((await res.json()).conversion.id).toBe(Number(id));
    }
  });
});
