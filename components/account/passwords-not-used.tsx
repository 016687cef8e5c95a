import { AuthCard } from '@/components/account/auth-card';
import { SsoButton } from '@/components/account/sso-button';
import { config } from '@/lib/config';

/** The password pages (forgot, reset) on a server that signs in through its OpenID provider only (SSO_ONLY). */
export function PasswordsNotUsed() {
  return (
    <AuthCard
      title="Passwords are not used here"
      description={`Accounts on this server sign in with ${config.oidcName}; its own page is where a forgotten password is reset.`}
    >
      <SsoButton providerName={config.oidcName} callbackPath="/dashboard" primary />
    </AuthCard>
  );
}
