import { describe, expect, it, vi } from 'vitest';
import { toAppError } from '@/lib/api/responses';
import { log } from '@/lib/log/logger';

/** Prisma's known request error, as its runtime builds it (name and code). */
function prismaError(code: string) {
  const e = new Error(`Prisma ${code}`) as Error & { code: string };
  e.name = 'PrismaClientKnownRequestError';
  e.code = code;
  return e;
}

describe('toAppError', () => {
  it('maps a record gone between read and write (P2025) to 404, a taken unique value (P2002) to 409', () => {
    expect(toAppError(prismaError('P2025'), 'r')).toMatchObject({ code: 'not_found', status: 404 });
    expect(toAppError(prismaError('P2002'), 'r')).toMatchObject({ code: 'conflict', status: 409 });
  });

  it('maps a database that is busy or unreachable to 503 with Retry-After, whatever layer says so', () => {
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {});
    const lockTimeout = Object.assign(prismaError('P2010'), {
      meta: { driverAdapterError: { cause: { kind: 'postgres', originalCode: '55P03' } } },
    });
    const poolTimeout = new Error('timeout exceeded when trying to connect');
    for (const e of [prismaError('P1001'), prismaError('P2028'), lockTimeout, poolTimeout]) {
      const mapped = toAppError(e, 'r');
      expect(mapped).toMatchObject({ code: 'service_unavailable', status: 503 });
      expect(mapped.headers?.['Retry-After']).toMatch(/^\d+$/);
    }
    // A raw query that failed for another reason (a syntax error) is ours: a 500.
    const syntax = Object.assign(prismaError('P2010'), {
      meta: { driverAdapterError: { cause: { kind: 'postgres', originalCode: '42601' } } },
    });
    expect(toAppError(syntax, 'r')).toMatchObject({ code: 'internal_error', status: 500 });
    logged.mockRestore();
  });

  it('keeps other errors a logged, generic 500', () => {
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {});
    expect(toAppError(prismaError('P2000'), 'r')).toMatchObject({ code: 'internal_error', status: 500 });
    const secret = new Error('secret detail');
    expect(toAppError(secret, 'r').message).not.toContain('secret');
    expect(logged).toHaveBeenCalledTimes(2);
    // The error itself, for the logger to write with its stack on the one line of the event.
    expect(logged.mock.calls[1][0]).toMatchObject({ requestId: 'r', err: secret });
    logged.mockRestore();
  });
});
