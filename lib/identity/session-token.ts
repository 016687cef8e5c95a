import { SignJWT, jwtVerify } from 'jose';
import { createHash } from 'node:crypto';
import { config } from '@/lib/config';
import { db } from '@/lib/db';

// Session tokens are short-lived HS256 JWTs naming a Session row (`sid`), so revoking the
// session revokes every access token issued for it.
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'transmute';
const AUDIENCE = 'transmute-api';

const key = () => createHash('sha256').update(`session-jwt:${config.appSecret}`).digest();

export async function issueAccessToken(userId: string, sessionId: string): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(key());
}

/** The user id of a valid, unrevoked access token, or null for anything else. */
export async function verifyAccessToken(token: string): Promise<{ userId: string; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    const session = await db.session.findUnique({
      where: { id: payload.sid },
      select: { userId: true, revokedAt: true, expiresAt: true },
    });
    if (!session || session.revokedAt || session.expiresAt < new Date() || session.userId !== payload.sub) return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}
