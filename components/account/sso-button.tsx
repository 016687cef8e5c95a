'use client';

import { signIn } from 'next-auth/react';
import { useEffect, useRef, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { SSO_INVITATION_COOKIE, SSO_INVITATION_SECONDS } from '@/lib/auth/sso-invitation-cookie';
import { Spinner } from './submit-button';

/** "Sign in with <provider>": next-auth sends the browser to the OpenID provider and back. */
export function SsoButton({
  providerName,
  callbackPath,
  primary = false,
  autoStart = false,
  invitation,
}: {
  providerName: string;
  callbackPath: string;
  /** The page's main way in (SSO_ONLY, or continuing after a link) rather than an alternative. */
  primary?: boolean;
  /** Goes at once (the link page, once linked); the button stays for a browser that does not. */
  autoStart?: boolean;
  /** An invitation's token, for a server where sign-up needs one (lib/auth/sso-invitation-cookie.ts). */
  invitation?: string;
}) {
  const [pending, setPending] = useState(autoStart);
  const started = useRef(false);
  const start = () => {
    started.current = true;
    setPending(true);
    if (invitation)
      document.cookie = `${SSO_INVITATION_COOKIE}=${encodeURIComponent(invitation)}; Path=/; Max-Age=${SSO_INVITATION_SECONDS}; SameSite=Lax`;
    void signIn('oidc', { callbackUrl: callbackPath }).catch(() => setPending(false));
  };
  useEffect(() => {
    if (autoStart && !started.current) start();
    // Once, on the first render: `start` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoStart]);
  return (
    <button
      type="button"
      disabled={pending}
      aria-disabled={pending}
      onClick={start}
      className={`${primary ? buttonStyles.primary : buttonStyles.secondary} w-full`}
      data-testid="sso-sign-in-button"
    >
      {pending && <Spinner />}
      {pending ? `Going to ${providerName}…` : `Sign in with ${providerName}`}
    </button>
  );
}

/** The line between the SSO button and the password form. */
export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs text-zinc-500 uppercase dark:text-zinc-400" aria-hidden="true">
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
      or
      <span className="h-px flex-1 bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
