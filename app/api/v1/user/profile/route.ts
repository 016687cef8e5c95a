import { withApi } from '@/lib/api/with-api';
import { getProfile } from '@/lib/accounts/get-profile';
import { profileOp } from '@/lib/schemas/accounts';

// GET /api/v1/user/profile – your profile
export const GET = withApi(profileOp, async ({ caller }) => ({ data: await getProfile(caller) }));
