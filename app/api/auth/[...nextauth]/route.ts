import NextAuth from 'next-auth';
import { refuseMalformedJson } from '@/lib/api/json-object-body';
import { nextAuthOptions } from '@/lib/auth/next-auth-options';

// Browser sign-in (next-auth). API clients use /api/v1/auth/token.
const handler = async (request: Request, context: unknown) =>
  (await refuseMalformedJson(request)) ?? NextAuth(nextAuthOptions())(request, context);
export { handler as GET, handler as POST };
