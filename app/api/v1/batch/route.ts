import { withApi } from '@/lib/api/with-api';
import { groupConversions } from '@/lib/batches/group-conversions';
import { serializeBatchCreated } from '@/lib/batches/serialize-batch';
import { groupConversionsOp } from '@/lib/schemas/batches';

// POST /api/v1/batch – a batch of conversions the caller already created
export const POST = withApi(groupConversionsOp, async ({ caller, body }) => ({
  data: serializeBatchCreated(
    await groupConversions({ caller, conversionIds: body.conversion_ids.map((id) => BigInt(id)) }),
  ),
}));
