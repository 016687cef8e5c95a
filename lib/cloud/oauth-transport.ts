import * as oauth from 'oauth4webapi';
import type { OAuthSettings } from '@/lib/cloud/providers';
import { outboundRequest } from '@/lib/outbound/client';
import { readAnswer } from '@/lib/outbound/read-answer';

// oauth4webapi speaks to the provider's token endpoint through our one outbound client (address
// policy on every connection, no proxy variables, capped time and size), not the global fetch.

const TOKEN_RESPONSE_BYTES = 256 * 1024;

/** The provider as an authorization server: its issuer is the authorize endpoint's origin. */
export const authorizationServer = (s: OAuthSettings): oauth.AuthorizationServer => ({
  issuer: new URL(s.authorizeUrl).origin,
  authorization_endpoint: s.authorizeUrl,
  token_endpoint: s.tokenUrl,
});

export const oauthClient = (s: OAuthSettings): oauth.Client => ({ client_id: s.clientId });

/** Options for the token requests: our transport, and plain http only where the administrator configured it. */
export const tokenRequestOptions = (s: OAuthSettings): oauth.TokenEndpointRequestOptions => ({
  [oauth.customFetch]: (url, init) => outboundFetch(`${s.name}'s token endpoint`, url, init),
  [oauth.allowInsecureRequests]: new URL(s.tokenUrl).protocol === 'http:',
});

async function outboundFetch(
  from: string,
  url: string,
  init: oauth.CustomFetchOptions<string, unknown>,
): Promise<Response> {
  const res = await outboundRequest(url, {
    method: init.method === 'GET' ? 'GET' : 'POST',
    headers: init.headers,
    body: init.body === undefined || init.body === null ? undefined : String(init.body),
    maxRedirects: 0,
    maxBytes: TOKEN_RESPONSE_BYTES,
    totalTimeoutMs: 30_000,
  });
  const answer = await readAnswer(res, from, TOKEN_RESPONSE_BYTES);
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  return new Response(answer, { status: res.status, headers });
}
