import type { z } from 'zod';
import type { User } from '@/lib/generated/prisma/client';
import type { Profile } from '@/lib/schemas/accounts';

export function serializeProfile(user: Pick<User, 'id' | 'email' | 'name' | 'plan' | 'emailVerifiedAt' | 'createdAt'>) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    plan: user.plan,
    email_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
  } satisfies z.input<typeof Profile>;
}
