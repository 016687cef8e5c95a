import { describe, expect, it } from 'vitest';
import { acceptedRequestId, requestIdOf } from '@/lib/observability/request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('keeps a caller or proxy id made of plain token characters', () => {
    expect(acceptedRequestId('req-42')).toBe('req-42');
    expect(acceptedRequestId('Root=1-67891233-abcdef012345678912345678')).toBe(
      'Root=1-67891233-abcdef012345678912345678',
    );
    expect(requestIdOf(new Headers({ 'x-request-id': 'abc.DEF_1:2' }))).toBe('abc.DEF_1:2');
  });

  it('replaces a missing, empty, overlong or unsafe id with a new UUID', () => {
    for (const given of [undefined, null, '', 'a'.repeat(129), 'x\ny', '{"level":60}', 'id with spaces', '-leading']) {
      expect(acceptedRequestId(given)).toMatch(UUID);
    }
    expect(requestIdOf(new Headers())).toMatch(UUID);
  });
});
