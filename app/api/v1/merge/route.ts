import { withApi } from '@/lib/api/with-api';
import { createMerge } from '@/lib/merges/create-merge';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import { mergeOp } from '@/lib/schemas/merge';

// POST /api/v1/merge – merge several files into one PDF, in the order given
export const POST = withApi(mergeOp, async ({ caller, request }) => ({
  status: 201,
  data: serializeConversion(await createMerge({ caller, request })),
}));
