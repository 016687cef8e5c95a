import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseContractError, responseBody } from '@/lib/api/response-body';
import { json } from '@/lib/schemas/common';

const op = {
  operationId: 'getThing',
  responses: { 200: json(z.object({ id: z.string(), tags: z.array(z.object({ name: z.string() })) }), 'Thing') },
};

afterEach(() => vi.unstubAllEnvs());

describe('responseBody', () => {
  it('passes a body that matches its schema', () => {
    expect(responseBody(op, 200, { id: 'a', tags: [{ name: 'x' }] })).toEqual({ id: 'a', tags: [{ name: 'x' }] });
  });

  it('in tests, throws on an undeclared key (at any depth), a missing key, or an undeclared status', () => {
    expect(() => responseBody(op, 200, { id: 'a', tags: [], secret: 1 })).toThrow(/body\.secret/);
    expect(() => responseBody(op, 200, { id: 'a', tags: [{ name: 'x', hash: 'h' }] })).toThrow(/body\.tags\[0\]\.hash/);
    expect(() => responseBody(op, 200, { tags: [] })).toThrow(ResponseContractError);
    expect(() => responseBody(op, 201, { id: 'a', tags: [] })).toThrow(/no JSON response is declared/);
  });

  it('in production, strips undeclared keys so only declared fields leave', () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('VITEST', '');
    expect(responseBody(op, 200, { id: 'a', tags: [{ name: 'x', hash: 'h' }], secret: 1 })).toEqual({
      id: 'a',
      tags: [{ name: 'x' }],
    });
    expect(() => responseBody(op, 200, { tags: [] })).toThrow(ResponseContractError);
  });
});
