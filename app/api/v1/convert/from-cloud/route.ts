import { withApi } from '@/lib/api/with-api';
import { convertFromCloud } from '@/lib/cloud/cloud-imports';
import { serializeConversion } from '@/lib/conversions/serialize-conversion';
import { convertFromCloudOp } from '@/lib/schemas/cloud';

// POST /api/v1/convert/from-cloud – redeem a cloud import token and start a conversion
export const POST = withApi(convertFromCloudOp, async ({ caller, body }) => ({
  status: 201,
  data: serializeConversion(await convertFromCloud(caller, body.token, body.target_format)),
}));
