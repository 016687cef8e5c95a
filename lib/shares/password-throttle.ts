import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/db';
import { addressBlock } from '@/lib/identity/client-address';
import { SHARE_PASSWORD_LINK_TRIES, SHARE_PASSWORD_TRIES, SHARE_PASSWORD_WINDOW_MS } from '@/lib/domain/share-rules';

// Wrong passwords on a link are counted per caller's address, an IPv6 caller's /64 as one
// (SHARE_PASSWORD_TRIES: a guesser locks only itself) and for the link as a whole (SHARE_PASSWORD_LINK_TRIES, higher: the ceiling a
// guesser spread over many addresses meets). A try is recorded as pending before its password is
// checked, so guesses sent at once can never exceed a limit; a right password removes its try.
// While pending tries alone fill a limit, the caller waits for them to settle instead of being
// refused: concurrent downloads with the right password never lock anyone.

/** How long a caller waits for pending tries; also the age after which a pending try counts as wrong. */
const PENDING_WAIT_MS = 5_000;
const POLL_MS = 50;

type Try = { at: Date; client: string; pending: boolean };

function tooMany(now: number, wrong: Try[], limit: number): AppError {
  // Free again when the oldest of the last `limit` wrong tries leaves the window.
  const freeAt = wrong[limit - 1].at.getTime() + SHARE_PASSWORD_WINDOW_MS;
  const retryAfter = Math.max(1, Math.ceil((freeAt - now) / 1000));
  return new AppError('too_many_attempts', 'Too many wrong passwords for this link; try again later', {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/**
 * One short transaction: answers 429 when `client` or the link has used its wrong tries, null
 * while pending tries fill a limit, else records a pending try and returns its id. The link's row
 * is locked meanwhile, so tries from every process are counted one after the other.
 */
function reserveTry(token: string, client: string): Promise<bigint | null> {
  return db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT token FROM share_links WHERE token = ${token} FOR UPDATE`;
    const now = Date.now();
    await tx.shareAttempt.deleteMany({ where: { token, at: { lte: new Date(now - SHARE_PASSWORD_WINDOW_MS) } } });
    const tries: Try[] = await tx.shareAttempt.findMany({
      where: { token },
      orderBy: { at: 'desc' },
      select: { at: true, client: true, pending: true },
    });
    const settled = (t: Try) => !t.pending || t.at.getTime() < now - PENDING_WAIT_MS;
    const wrong = tries.filter(settled);
    const wrongMine = wrong.filter((t) => t.client === client);
    if (wrongMine.length >= SHARE_PASSWORD_TRIES) throw tooMany(now, wrongMine, SHARE_PASSWORD_TRIES);
    if (wrong.length >= SHARE_PASSWORD_LINK_TRIES) throw tooMany(now, wrong, SHARE_PASSWORD_LINK_TRIES);
    const mine = tries.filter((t) => t.client === client).length;
    if (mine >= SHARE_PASSWORD_TRIES || tries.length >= SHARE_PASSWORD_LINK_TRIES) return null;
    const { id } = await tx.shareAttempt.create({
      data: { token, client, at: new Date(now), pending: true },
      select: { id: true },
    });
    return id;
  });
}

/**
 * Records a password try by `client` (its network address) before the password is checked, or
 * answers 429 (with Retry-After) when that address (its block: addressBlock), or everyone together, used the link's wrong
 * tries within the window. Settle the try with `settleTry` once the password is checked.
 */
export async function recordPasswordTry(token: string, client: string): Promise<bigint> {
  const block = addressBlock(client);
  const deadline = Date.now() + PENDING_WAIT_MS;
  while (Date.now() < deadline) {
    const id = await reserveTry(token, block);
    if (id !== null) return id;
    await sleep(POLL_MS);
  }
  throw new AppError('too_many_attempts', 'Too many password tries at once for this link; try again shortly', {
    headers: { 'Retry-After': '1' },
  });
}

/** A right password removes its try; a wrong one (or a check that failed) keeps it as wrong. */
export async function settleTry(id: bigint, right: boolean): Promise<void> {
  if (right) await db.shareAttempt.deleteMany({ where: { id } });
  else await db.shareAttempt.updateMany({ where: { id }, data: { pending: false } });
}
