import { withApi } from '@/lib/api/with-api';
import { deleteConversion } from '@/lib/conversions/delete-conversion';
import { deleteOp } from '@/lib/schemas/conversion';

// DELETE /api/v1/conversions/{id} – delete a conversion and its files
export const DELETE = withApi(deleteOp, async ({ caller, params }) => {
  await deleteConversion(caller, params.id);
  return { data: { deleted: true } };
});
