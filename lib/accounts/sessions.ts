import { AppError } from '@/lib/errors';
import { randomToken, sha256 } from '@/lib/crypto';
import { db } from '@/lib/db';
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken } from '@/lib/identity/session-token';
import { ACCOUNT_USABLE } from '@/lib/identity/account-plan';

// API sessions: a short-lived JWT access token plus an opaque refresh token (rotated on every
// refresh, stored only as a hash). Revoking the session ends both.
const SESSION_TTL_MS = 30 * 86_400_000;

export type TokenPair = { access_token: string; token_type: 'Bearer'; expires_in: number; refresh_token: string };

export async function createSession(userId: string): Promise<TokenPair> {
  const refresh = randomToken(32);
  const session = await db.session.create({
    data: { userId, refreshHash: sha256(refresh), expiresAt: new Date(Date.now() + SESSION_TTL_MS) },
  });
  return {
    access_token: await issueAccessToken(userId, session.id),
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: refresh,
  };
}

/**
 * Swaps a refresh token for a new pair; the old refresh token stops working (atomic rotation) and
 * is remembered as retired. A retired token presented again was copied (by whoever holds the
 * newer one, or from it), so the whole session ends, with every access token issued for it.
 * A disabled account's refresh token is refused and left as it is, to work again once enabled.
 */
export async function refreshSession(refreshToken: string): Promise<TokenPair> {
  const next = randomToken(32);
  const presented = sha256(refreshToken);
  const rows = await db.$queryRaw<Array<{ id: string; user_id: string }>>`
    WITH rotated AS (
      UPDATE sessions SET refresh_hash = ${sha256(next)}
      WHERE refresh_hash = ${presented} AND revoked_at IS NULL AND expires_at > now()
        AND user_id IN (SELECT u.id FROM users u WHERE ${ACCOUNT_USABLE})
      RETURNING id, user_id
    ), retired AS (
      INSERT INTO retired_refresh_tokens (hash, session_id) SELECT ${presented}, id FROM rotated
    )
    SELECT id, user_id FROM rotated`;
  if (rows.length === 0) {
    await db.$executeRaw`
      UPDATE sessions SET revoked_at = now()
      WHERE revoked_at IS NULL AND id = (SELECT session_id FROM retired_refresh_tokens WHERE hash = ${presented})`;
    throw new AppError('unauthorized', 'Invalid or expired refresh token');
  }
  return {
    access_token: await issueAccessToken(rows[0].user_id, rows[0].id),
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: next,
  };
}

export async function revokeSession(sessionId: string): Promise<void> {
  await db.session.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Ends every API session of a user (after a password reset). */
export async function revokeAllSessions(userId: string): Promise<void> {
  await db.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
}
