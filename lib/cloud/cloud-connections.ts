import * as oauth from 'oauth4webapi';
import { AppError } from '@/lib/errors';
import { seal, unseal } from '@/lib/crypto';
import { db } from '@/lib/db';
import { CLOUD_PROVIDER_NAMES, oauthSettings } from '@/lib/cloud/providers';
import type { CloudProvider } from '@/lib/domain/cloud-providers';
import { authorizationServer, oauthClient, tokenRequestOptions } from '@/lib/cloud/oauth-transport';

// A person's connections to cloud file services: the tokens of the OAuth 2.0 grant, sealed with
// the app secret like webhook secrets. The access token is refreshed with the refresh token when it
// is about to expire; a refresh the provider refuses (access revoked) ends the connection.

const TOKEN_SEAL_PURPOSE = 'cloud-connection-token';
/** Refresh this long before the provider's expiry, so a token never dies during a download. */
const EXPIRY_MARGIN_MS = 60_000;

/** Stores (or replaces) the tokens of a grant. */
export async function saveConnection(userId: string, provider: CloudProvider, tokens: oauth.TokenEndpointResponse) {
  const data = {
    accessToken: seal(TOKEN_SEAL_PURPOSE, tokens.access_token),
    accessExpiresAt: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
    ...(tokens.refresh_token ? { refreshToken: seal(TOKEN_SEAL_PURPOSE, tokens.refresh_token) } : {}),
  };
  await db.cloudConnection.upsert({
    where: { userId_provider: { userId, provider } },
    create: { userId, provider, refreshToken: null, ...data },
    update: data,
  });
}

/** The providers this account is connected to. */
export async function connectedProviders(userId: string): Promise<Set<string>> {
  const rows = await db.cloudConnection.findMany({ where: { userId }, select: { provider: true } });
  return new Set(rows.map((r) => r.provider));
}

/** Disconnect: the tokens are deleted (answers the same whether or not there was a connection). */
export async function deleteConnection(userId: string, provider: CloudProvider): Promise<void> {
  await db.cloudConnection.deleteMany({ where: { userId, provider } });
}

const notConnected = (provider: CloudProvider) =>
  new AppError('not_found', `${CLOUD_PROVIDER_NAMES[provider]} is not connected: connect it first`);

/** Whether the account has a connection to the provider. */
export async function hasConnection(userId: string, provider: CloudProvider): Promise<boolean> {
  return (await db.cloudConnection.count({ where: { userId, provider } })) > 0;
}

/** A live access token of the account's connection, refreshed when needed; 404 when not connected. */
export async function connectionAccessToken(userId: string, provider: CloudProvider): Promise<string> {
  const row = await db.cloudConnection.findUnique({ where: { userId_provider: { userId, provider } } });
  if (!row) throw notConnected(provider);
  const fresh = !row.accessExpiresAt || row.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now();
  if (fresh) return unseal(TOKEN_SEAL_PURPOSE, row.accessToken);
  const settings = oauthSettings(provider);
  if (!row.refreshToken || !settings) {
    await deleteConnection(userId, provider);
    throw notConnected(provider);
  }
  const as = authorizationServer(settings);
  const client = oauthClient(settings);
  let tokens: oauth.TokenEndpointResponse;
  try {
    const response = await oauth.refreshTokenGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(settings.clientSecret),
      unseal(TOKEN_SEAL_PURPOSE, row.refreshToken),
      tokenRequestOptions(settings),
    );
    tokens = await oauth.processRefreshTokenResponse(as, client, response);
  } catch (e) {
    // The provider refused the refresh token (revoked, expired): the connection is over.
    if (e instanceof oauth.ResponseBodyError) {
      await deleteConnection(userId, provider);
      throw notConnected(provider);
    }
    throw e;
  }
  await saveConnection(userId, provider, tokens);
  return tokens.access_token;
}
