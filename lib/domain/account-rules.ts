// What a disabled account is told when it signs in with its password, through the API and in the
// browser (next-auth passes its sign-in error to the page as a code, turned back into these words).

export const ACCOUNT_DISABLED = 'This account is disabled. Ask the administrator of this service.';

/** next-auth's error code for a disabled account's sign-in (lib/auth/next-auth-options.ts). */
export const SIGN_IN_ACCOUNT_DISABLED = 'AccountDisabled';

/** The codes of refused SSO sign-ins on /sign-in?error= (the other refusal, a disabled account, is the one above). */
export const SSO_UNVERIFIED_EMAIL = 'SsoUnverifiedEmail';
export const SSO_SIGNUP_REFUSED = 'SsoSignupRefused';
export const SSO_NO_PASSWORD = 'SsoNoPassword';
