import * as oauth from 'oauth4webapi';
import { AppError } from '@/lib/errors';
import { randomToken, safeEqual, seal, sha256, unseal } from '@/lib/crypto';
import { db } from '@/lib/db';
import { saveConnection } from '@/lib/cloud/cloud-connections';
import { authorizationServer, oauthClient, tokenRequestOptions } from '@/lib/cloud/oauth-transport';
import { CLOUD_PROVIDER_NAMES, type OAuthSettings, oauthSettings } from '@/lib/cloud/providers';
import type { CloudProvider } from '@/lib/domain/cloud-providers';

// Connecting a cloud file service: the OAuth 2.0 authorization-code flow with PKCE (S256). The
// `state` is stored only as a hash, for 10 minutes, used once, and bound to the account and to the
// browser that started the flow (a random nonce in an HttpOnly cookie, stored hashed), so a
// callback URL carried to another browser or account connects nothing.

const STATE_TTL_MS = 10 * 60_000;
const VERIFIER_SEAL_PURPOSE = 'cloud-oauth-verifier';

/** The cookie holding the browser's nonce of a connection attempt, sent only to the callback. */
export const CONNECT_BINDING_COOKIE = 'tm_cloud_connect';

/** Set-Cookie for the nonce (an empty value with Max-Age 0 clears it). Lax: the provider's redirect back is a top-level GET. */
export function connectBindingCookie(provider: CloudProvider, value: string, origin: string): string {
  const maxAge = value ? STATE_TTL_MS / 1000 : 0;
  const secure = origin.startsWith('https:') ? '; Secure' : '';
  return `${CONNECT_BINDING_COOKIE}=${value}; Path=${callbackPath(provider)}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

const callbackPath = (provider: CloudProvider) => `/api/v1/cloud/${provider}/callback`;

/** The OAuth client of a provider a person may connect, or 400. */
export function connectableOrThrow(provider: CloudProvider): OAuthSettings {
  const settings = oauthSettings(provider);
  if (!settings)
    throw new AppError(
      'validation_failed',
      `Connecting ${CLOUD_PROVIDER_NAMES[provider]} is not configured (it needs a client id and secret)`,
    );
  return settings;
}

/** The callback address registered with the provider, on this service's public origin. */
const callbackUrl = (origin: string, provider: CloudProvider) => `${origin}${callbackPath(provider)}`;

/** Opens a connection attempt: the provider's authorize URL, and the nonce the browser keeps in a cookie. */
export async function startCloudConnect(options: { userId: string; provider: CloudProvider; origin: string }) {
  const settings = connectableOrThrow(options.provider);
  const state = oauth.generateRandomState();
  const verifier = oauth.generateRandomCodeVerifier();
  const binding = randomToken(24);
  const expiresAt = new Date(Date.now() + STATE_TTL_MS);
  await db.cloudOAuthState.deleteMany({ where: { userId: options.userId, expiresAt: { lte: new Date() } } });
  await db.cloudOAuthState.create({
    data: {
      stateHash: sha256(state),
      userId: options.userId,
      provider: options.provider,
      bindingHash: sha256(binding),
      codeVerifier: seal(VERIFIER_SEAL_PURPOSE, verifier),
      expiresAt,
    },
  });
  const url = new URL(settings.authorizeUrl);
  const params = {
    response_type: 'code',
    client_id: settings.clientId,
    redirect_uri: callbackUrl(options.origin, options.provider),
    scope: settings.scope,
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...settings.extraParams,
  };
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return { authorizeUrl: url.toString(), binding, expiresAt };
}

/**
 * The provider's redirect back: checks the attempt belongs to this account and browser and is
 * recent, then takes it (one DELETE, so a state works once), exchanges the code with the PKCE verifier and
 * keeps the tokens. Every refusal is a 400 that connects nothing.
 */
export async function finishCloudConnect(options: {
  userId: string;
  provider: CloudProvider;
  origin: string;
  query: URLSearchParams;
  binding: string | undefined;
}) {
  const { userId, provider } = options;
  const settings = connectableOrThrow(provider);
  const name = CLOUD_PROVIDER_NAMES[provider];
  const state = options.query.get('state');
  const stale = () =>
    new AppError('bad_request', `This ${name} connection attempt is unknown, used or expired: connect again`);
  if (!state || !options.binding) throw stale();
  // Checked before it is taken: a callback from another account or browser (a victim's callback
  // URL carried elsewhere) is refused and leaves the attempt for the one who started it.
  const stateHash = sha256(state);
  const attempt = await db.cloudOAuthState.findUnique({ where: { stateHash } });
  if (
    !attempt ||
    attempt.expiresAt.getTime() <= Date.now() ||
    attempt.userId !== userId ||
    attempt.provider !== provider ||
    !safeEqual(attempt.bindingHash, sha256(options.binding))
  )
    throw stale();
  // One conditional DELETE takes it, so a state works once however many callbacks race.
  const { count } = await db.cloudOAuthState.deleteMany({ where: { stateHash, expiresAt: { gt: new Date() } } });
  if (count === 0) throw stale();

  const as = authorizationServer(settings);
  const client = oauthClient(settings);
  let tokens: oauth.TokenEndpointResponse;
  try {
    const params = oauth.validateAuthResponse(as, client, options.query, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(settings.clientSecret),
      params,
      callbackUrl(options.origin, provider),
      unseal(VERIFIER_SEAL_PURPOSE, attempt.codeVerifier),
      tokenRequestOptions(settings),
    );
    tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
  } catch (e) {
    if (e instanceof oauth.AuthorizationResponseError)
      throw new AppError('bad_request', `${name} did not grant access (${e.error})`);
    if (e instanceof oauth.ResponseBodyError)
      throw new AppError('bad_request', `${name} refused the authorization code (${e.error})`);
    if (e instanceof oauth.OperationProcessingError)
      throw new AppError('bad_request', `${name} answered the connection unexpectedly: ${e.message}`);
    throw e;
  }
  await saveConnection(userId, provider, tokens);
}

/** Drops connection attempts nobody finished (the retention sweep). */
export async function purgeExpiredConnectAttempts(): Promise<number> {
  const { count } = await db.cloudOAuthState.deleteMany({ where: { expiresAt: { lte: new Date() } } });
  return count;
}
