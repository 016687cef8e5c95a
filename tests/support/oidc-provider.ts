import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import Provider from 'oidc-provider';

// A real OpenID Connect provider on loopback (the `oidc-provider` package) for the SSO tests: one
// client (client_secret_basic, the server's callback), people whose claims the test sets, and an
// interaction that signs in whoever the test names, without a form. The test can make the token
// endpoint hand out a forged ID token, as an attacker between the two would.

export type Person = { email?: string; email_verified?: boolean; name?: string; groups?: string[] };

/** How the token endpoint forges the ID token it answers: its payload altered, or re-signed with another key. */
export type Forgery = { kind: 'altered' | 'other-key'; claims: Record<string, unknown> };

export type TestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Sets a person's claims (subject → claims); a later sign-in gets the new ones. */
  people: Map<string, Person>;
  /** Who the next interaction signs in. */
  signInAs: (subject: string) => void;
  forgeNextIdToken: (forgery: Forgery) => void;
  stop: () => Promise<void>;
};

export async function startOidcProvider(redirectUri: string): Promise<TestProvider> {
  const people = new Map<string, Person>();
  let next: string | undefined;
  let forgery: Forgery | undefined;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', use: 'sig', alg: 'RS256' };
  const clientId = 'transmute-test';
  const clientSecret = 'a-client-secret-for-the-test';

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_basic',
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    cookies: { keys: ['a-cookie-key-for-the-test'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person ? { accountId: sub, claims: () => ({ sub, ...person }) } : undefined;
    },
  });
  provider.proxy = false;

  // The forger sits at the token endpoint's answer, as a network attacker or a broken provider would.
  provider.use(async (ctx, nextMiddleware) => {
    await nextMiddleware();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !forgery || !body?.id_token) return;
    const { kind, claims } = forgery;
    forgery = undefined;
    const [header, , signature] = body.id_token.split('.');
    const payload = { ...decodeJwt(body.id_token), ...claims };
    if (kind === 'altered') {
      body.id_token = [header, Buffer.from(JSON.stringify(payload)).toString('base64url'), signature].join('.');
    } else {
      const { privateKey: otherKey } = await generateKeyPair('RS256');
      body.id_token = await new SignJWT(payload)
        .setProtectedHeader(decodeProtectedHeader(body.id_token) as { alg: string; kid?: string })
        .sign(otherKey);
    }
  });

  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      const accountId = next;
      if (!accountId || !people.has(accountId)) throw new Error('the test named no one to sign in');
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((e: unknown) => {
      res.statusCode = 500;
      res.end(String(e));
    });
  });

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    signInAs: (subject) => (next = subject),
    forgeNextIdToken: (f) => (forgery = f),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
