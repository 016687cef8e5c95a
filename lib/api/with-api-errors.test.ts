import { describe, expect, it } from 'vitest';
import { operations } from '@/lib/api/operations';
import { withApiErrorStatuses } from '@/lib/api/with-api-errors';

const statusesOf = (operationId: string) =>
  withApiErrorStatuses(operations.find((o) => o.operationId === operationId)!);

describe('withApiErrorStatuses', () => {
  it('follows from auth, method, path parameters, schemas and the rate limit', () => {
    // any caller, a state change on a conversion named in the path
    expect(statusesOf('deleteConversion')).toEqual([400, 401, 403, 404, 429, 503]);
    // reading one: no cross-origin check for GET
    expect(statusesOf('getConversionStatus')).toEqual([400, 401, 404, 429, 503]);
    // open, nothing to validate: only the limits
    expect(statusesOf('listFormats')).toEqual([429, 503]);
    // open with a JSON body: no credentials to refuse
    expect(statusesOf('registerAccount')).toEqual([400, 413, 429, 503]);
    // the provider is one of a fixed set: a wrong one is a 400, not a missing resource
    expect(statusesOf('connectCloudProvider')).toEqual([400, 401, 403, 429, 503]);
    // administrators' operations: 403 for any other account, reads included
    expect(statusesOf('adminListAudit')).toEqual([400, 401, 403, 429, 503]);
  });

  it('says nothing for what must answer without the rate limit, nor outside /api/v1', () => {
    expect(statusesOf('getHealth')).toEqual([]);
    expect(statusesOf('receiveStripeWebhook')).toEqual([]);
    expect(statusesOf('nextAuthPost')).toEqual([]);
  });
});
