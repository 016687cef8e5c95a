// The invitation a person signing up through SSO carries (the sign-up page's `?invitation=`, or a
// team's join link): the "Sign in with …" button puts it in this cookie on its way to the provider,
// and the sign-in callback (lib/auth/next-auth-options.ts) hands it to the sign-up rule, so a server
// that admits only invited people admits them through SSO too. The token is the person's own, from
// their mail; the rule still checks it is open and addressed to the e-mail the provider vouched for.
export const SSO_INVITATION_COOKIE = 'transmute-sso-invitation';
export const SSO_INVITATION_SECONDS = 10 * 60;
