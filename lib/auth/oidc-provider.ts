import type { OAuthConfig } from 'next-auth/providers/oauth';
import { config } from '@/lib/config';
import type { SsoClaims } from './sso-claims';
import { SSO_PROVIDER } from './sso-sign-in';

// The OpenID Connect provider of OIDC_ISSUER as next-auth's provider `oidc` (callback
// /api/auth/callback/oidc): its endpoints and keys come from discovery; the code flow carries PKCE,
// state and nonce, and the ID token's signature, issuer, audience and nonce are checked
// (openid-client, under next-auth). The claims are the ID token's, completed by userinfo where the
// provider keeps e-mail or groups there.

export const ssoConfigured = () => Boolean(config.oidcIssuer);

export function oidcProvider(): OAuthConfig<SsoClaims> | undefined {
  const issuer = config.oidcIssuer;
  if (!issuer) return undefined;
  return {
    id: SSO_PROVIDER,
    name: config.oidcName,
    type: 'oauth',
    wellKnown: `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
    clientId: config.oidcClientId,
    clientSecret: config.oidcClientSecret,
    client: { token_endpoint_auth_method: 'client_secret_basic' },
    authorization: { params: { scope: config.oidcScopes } },
    checks: ['pkce', 'state', 'nonce'],
    idToken: true,
    userinfo: {
      async request({ tokens, client }) {
        // next-auth passes openid-client's TokenSet (the ID token already verified) under a narrower type.
        type Client = typeof client;
        const set = tokens as Extract<Parameters<Client['userinfo']>[0], object>;
        const idClaims = set.claims();
        if (!client.issuer.metadata.userinfo_endpoint || !set.access_token) return idClaims;
        // Given the token set, openid-client refuses userinfo about another subject than the ID token's.
        const userinfo = await client.userinfo(set);
        return { ...userinfo, ...idClaims };
      },
    },
    profile(claims) {
      return {
        id: String(claims.sub),
        email: typeof claims.email === 'string' ? claims.email : null,
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
}
