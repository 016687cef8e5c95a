import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthCard } from '@/components/account/auth-card';
import { safeCallbackPath, withCallback } from '@/lib/accounts/callback-url';
import { currentProfile } from '@/lib/accounts/current-account';
import { SignUpForm } from '@/components/account/sign-up-form';
import { TextLink } from '@/components/account/text-link';

export const metadata: Metadata = { title: 'Create an account' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SignUpPage({ searchParams }: Props) {
  const callbackPath = safeCallbackPath((await searchParams).callbackUrl);
  if (await currentProfile()) redirect(callbackPath);

  return (
    <AuthCard
      title="Create your account"
      description="Free to start. Upgrade later for bigger files, longer retention and API keys."
      footer={
        <p>
          Already have an account?{' '}
          <TextLink href={withCallback('/sign-in', callbackPath)} data-testid="sign-in-link">
            Sign in
          </TextLink>
        </p>
      }
    >
      <SignUpForm callbackPath={callbackPath} />
    </AuthCard>
  );
}
