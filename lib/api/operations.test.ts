import { describe, expect, it } from 'vitest';
import { operations } from '@/lib/api/operations';
import { Conversion } from '@/lib/schemas/conversion';

describe('operations', () => {
  // SPEC: successful calls return 200, except that creating a conversion returns 201 with the
  // Conversion object; a key, link, team, invitation, upload, webhook or batch is created with 200.
  // The one-request convert's own documented rule: 202 with the Conversion while it still runs.
  it('answer 201 only with a Conversion', () => {
    for (const op of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (status === '201') expect(response.schema, `${op.operationId} answers 201`).toBe(Conversion);
        else if (op.operationId === 'convertFile' && status === '202') expect(response.schema).toBe(Conversion);
        else expect(['200', '503'], `${op.operationId} answers ${status}`).toContain(status);
      }
    }
  });
});
