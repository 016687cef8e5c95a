import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/account/auth-card';
import { safeCallbackPath, withCallback } from '@/lib/accounts/callback-url';
import { currentProfile } from '@/lib/accounts/current-account';
import { signInErrorMessage } from '@/components/account/auth-errors';
import { SignInForm } from '@/components/account/sign-in-form';
import { TextLink } from '@/components/account/text-link';

export const metadata: Metadata = { title: 'Sign in' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignInPage({ searchParams }: Props) {
  const params = await searchParams;
  const callbackPath = safeCallbackPath(params.callbackUrl);
  if (await currentProfile()) redirect(callbackPath);
  // next-auth's own pages redirect here with ?error=… (e.g. a form posted without JavaScript).
  const error = typeof params.error === 'string' ? signInErrorMessage(params.error) : undefined;

  return (
    <AuthCard
      title="Sign in to Transmute"
      description="Your conversions, plan and API keys."
      footer={
        <p>
          No account yet?{' '}
          <TextLink href={withCallback('/sign-up', callbackPath)} data-testid="sign-up-link">
            Create one
          </TextLink>
        </p>
      }
    >
      <SignInForm callbackPath={callbackPath} initialError={error} />
    </AuthCard>
  );
}
