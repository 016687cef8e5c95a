import type { z } from 'zod';
import type { User } from '@/lib/generated/prisma/client';
import type { Plan } from '@/lib/generated/prisma/enums';
import type { Profile } from '@/lib/schemas/accounts';

/** `plan` is the plan in force (a team member's is the team's, lib/identity/account-plan.ts). */
export function serializeProfile(
  user: Pick<User, 'id' | 'email' | 'name' | 'plan' | 'emailVerifiedAt' | 'createdAt'>,
  plan: Plan,
) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    plan,
    own_plan: user.plan,
    email_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
  } satisfies z.input<typeof Profile>;
}
