import NextAuth from 'next-auth';
import { nextAuthOptions } from '@/lib/auth/next-auth-options';

// Browser sign-in (next-auth). API clients use /api/v1/auth/token.
const handler = (request: Request, context: unknown) => NextAuth(nextAuthOptions())(request, context);
export { handler as GET, handler as POST };
