import { AppError } from '@/lib/errors';
import { isAdministrator } from '@/lib/identity/administrator';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { findApiKey, looksLikeApiKey } from '@/lib/identity/api-key';
import { GUEST_COOKIE, newGuestId, readGuestId } from '@/lib/identity/guest-cookie';
import { verifyAccessToken } from '@/lib/identity/session-token';
import { clientAddressFromHeaders } from '@/lib/identity/client-address';
import { browserSessionUser } from '@/lib/identity/browser-session';
import { limitsFor } from '@/lib/plans';
import { type AccountIdentity, accountIdentity } from '@/lib/identity/account-plan';

/**
 * Who may call an operation: `open` anyone (credentials ignored), `any` anyone (a guest without
 * credentials), `bearer` an account signed in (session token or browser cookie), `admin` an
 * administrator's account signed in or by one of its API keys.
 */
export type AuthMode = 'open' | 'any' | 'bearer' | 'admin';

export type ResolvedCaller = { caller: Caller; newGuestId?: string };

const invalid = () => new AppError('unauthorized', 'Invalid or missing credentials');

/**
 * The one rule of administrators' operations: the account behind the credentials has the admin
 * role. The role comes in the row every credential's read already makes, so no other operation
 * pays for it, and it stays out of the Caller: an `admin` operation's caller is an administrator.
 */
function authorise(mode: AuthMode, account: AccountIdentity) {
  if (mode === 'admin' && !isAdministrator(account)) throw new AppError('forbidden', 'This needs an administrator');
}

/** The effective plan a Caller carries, without the role (checked by `authorise`). */
const planOf = ({ plan, teamId, teamOwnerId }: AccountIdentity) => ({ plan, teamId, teamOwnerId });

/** Reads the credentials a request carries. Credentials never come from the query string. */
function credentialsOf(headers: Headers): { apiKey?: string; bearer?: string } {
  const apiKey = headers.get('x-api-key')?.trim();
  const auth = headers.get('authorization');
  const bearer = auth?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (auth && !bearer) throw invalid();
  if (bearer && looksLikeApiKey(bearer)) return { apiKey: apiKey ?? bearer };
  return { apiKey, bearer };
}

/**
 * The one identity layer. `bearer` endpoints accept only session tokens; `any` endpoints accept
 * an API key, a session token, or nothing (then the signed guest cookie, created when absent);
 * `admin` endpoints an administrator's session token or API key, nothing else.
 * Credentials that are present but wrong answer 401 rather than falling back to a guest.
 */
export async function resolveCaller(
  headers: Headers,
  cookies: Map<string, string>,
  mode: AuthMode,
): Promise<ResolvedCaller> {
  const clientAddress = clientAddressFromHeaders(headers);
  // Open endpoints ignore credentials altogether.
  if (mode === 'open')
    return { caller: { kind: 'guest', userId: null, guestId: null, plan: 'free', viaCookie: false, clientAddress } };
  const { apiKey, bearer } = credentialsOf(headers);

  if (bearer) {
    const session = await verifyAccessToken(bearer);
    if (!session) throw invalid();
    const account = await accountIdentity(session.userId);
    if (!account) throw invalid();
    authorise(mode, account);
    return {
      caller: {
        kind: 'session',
        userId: session.userId,
        guestId: null,
        ...planOf(account),
        viaCookie: false,
        clientAddress,
        sessionId: session.sessionId,
      },
    };
  }
  if (apiKey && mode !== 'bearer') {
    const key = await findApiKey(apiKey);
    // Keys belong to paid plans (a team member's through the team): an account that dropped to Free
    // keeps its keys but they stop working.
    if (!key || !limitsFor(key.account.plan).apiAccess) throw invalid();
    authorise(mode, key.account);
    // last_used_at to the minute: one write per key per minute, not one per request. The row just
    // read says whether this minute's is done, so most requests send no statement at all (the
    // condition is repeated in the write, so processes racing on it write once).
    const now = new Date();
    const aMinuteAgo = new Date(now.getTime() - 60_000);
    if (!key.lastUsedAt || key.lastUsedAt < aMinuteAgo)
      void db.apiKey
        .updateMany({
          where: { id: key.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: aMinuteAgo } }] },
          data: { lastUsedAt: now },
        })
        .catch(() => {});
    return {
      caller: {
        kind: 'api_key',
        userId: key.userId,
        guestId: null,
        ...planOf(key.account),
        apiKeyId: key.id,
        viaCookie: false,
        clientAddress,
      },
    };
  }
  if (apiKey) throw invalid(); // an API key on a bearer endpoint

  // A browser signed in through next-auth counts as a session (its state changes are CSRF-checked).
  const browserUser = await browserSessionUser(cookies);
  if (browserUser) {
    authorise(mode, browserUser);
    return {
      caller: {
        kind: 'session',
        userId: browserUser.id,
        guestId: null,
        ...planOf(browserUser),
        viaCookie: true,
        clientAddress,
      },
    };
  }
  if (mode === 'bearer' || mode === 'admin') throw invalid();

  const existing = readGuestId(cookies.get(GUEST_COOKIE));
  const guestId = existing ?? newGuestId();
  return {
    caller: { kind: 'guest', userId: null, guestId, plan: 'free', viaCookie: true, clientAddress },
    newGuestId: existing ? undefined : guestId,
  };
}
