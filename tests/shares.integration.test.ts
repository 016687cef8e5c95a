import { describe, expect, it } from 'vitest';
import * as conversion from '@/app/api/v1/conversions/[id]/route';
import * as shares from '@/app/api/v1/conversions/[id]/shares/route';
import * as revoke from '@/app/api/v1/conversions/[id]/shares/[token]/route';
import { db } from '@/lib/db';
import { publicOrigin } from '@/lib/http/public-origin';
import { signedClientAddressHeaders } from '@/lib/identity/client-address';
import { purgeExpiredConversions } from '@/lib/retention/purge-expired';
import { storage } from '@/lib/storage';
import { SHARE_PASSWORD_LINK_TRIES, SHARE_PASSWORD_TRIES, SHARE_PASSWORD_WINDOW_MS } from '@/lib/domain/share-rules';
import { RouteClient } from '@/tests/support/route-client';
import { conversionOf, createShare, downloadAs, downloadLink, resolveLink, sharedLink } from '@/tests/support/shares';

async function resultBytes(id: string) {
  const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } });
  const chunks: Buffer[] = [];
  for await (const chunk of await storage().get(row.resultKey)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('creating share links', () => {
  it('answers 200 with the link on the public origin; options are stored, the password only hashed', async () => {
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    const link = await sharedLink({ password: 'open sesame', expires_at: expires, access_limit: 3 });
    expect(link).toMatchObject({ has_password: true, expires_at: expires, access_limit: 3, access_count: 0 });
    // The one public origin (PUBLIC_URL, else http://localhost:PORT), never a request's Host.
    expect(link.url).toBe(`${publicOrigin()}/s/${link.token}`);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes = 192 bits
    const row = await db.shareLink.findUniqueOrThrow({ where: { token: link.token } });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain('open sesame');
  });

  it('without options the link lasts as long as the conversion, unlimited', async () => {
    const link = await sharedLink();
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(link.id) } });
    expect(link).toMatchObject({ has_password: false, access_limit: null, expires_at: row.expiresAt.toISOString() });
  });

  it('refuses bad options with 400 and an unfinished conversion with 409, creating nothing', async () => {
    const owner = new RouteClient();
    const id = await conversionOf(owner);
    const conversionExpiry = (await db.conversion.findUniqueOrThrow({ where: { id: BigInt(id) } })).expiresAt;
    const bad = [
      { password: 'abc' },
      { password: 'x'.repeat(129) },
      { access_limit: 0 },
      { access_limit: 1.5 },
      { expires_at: 'tomorrow' },
      { expires_at: '2030-01-01' },
      { expires_at: new Date(Date.now() - 1000).toISOString() },
      { expires_at: new Date(conversionExpiry.getTime() + 1000).toISOString() },
      { unknown: true },
    ];
    for (const options of bad) {
      const res = await createShare(owner, id, options);
      expect(res.status, JSON.stringify(options)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed' });
    }
    const pending = await conversionOf(owner, false);
    const res = await createShare(owner, pending, {});
    expect(res.status).toBe(409);
    expect(await db.shareLink.count({ where: { conversionId: { in: [BigInt(id), BigInt(pending)] } } })).toBe(0);
  });

  it('a stranger gets 403 on create, list and revoke, and nothing changes', async () => {
    const link = await sharedLink({ access_limit: 2 });
    const before = await db.shareLink.findMany({ where: { conversionId: BigInt(link.id) } });
    const stranger = new RouteClient();
    const { id, token } = link;
    const answers = [
      await createShare(stranger, id, {}),
      await stranger.call(shares.GET, { path: `/api/v1/conversions/${id}/shares`, params: { id } }),
      await stranger.call(revoke.DELETE, {
        method: 'DELETE',
        path: `/api/v1/conversions/${id}/shares/${token}`,
        params: { id, token },
      }),
    ];
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('forbidden');
    }
    expect(await db.shareLink.findMany({ where: { conversionId: BigInt(id) } })).toEqual(before);
  });

  it('the owner lists the links with working tokens, newest first', async () => {
    const link = await sharedLink();
    const second = await (await createShare(link.owner, link.id, { access_limit: 1 })).json();
    const res = await link.owner.call(shares.GET, {
      path: `/api/v1/conversions/${link.id}/shares`,
      params: { id: link.id },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { shares: Array<{ token: string }> };
    expect(body.shares.map((s) => s.token)).toEqual([second.token, link.token]);
    expect((await downloadLink(body.shares[1].token)).status).toBe(200);
  });
});

describe('opening a share link', () => {
  it('resolves to the file without owner or ids, and downloads the exact result bytes', async () => {
    const link = await sharedLink({ access_limit: 5 });
    const res = await resolveLink(link.token);
    expect(res.status).toBe(200);
    const info = await res.json();
    const row = await db.conversion.findUniqueOrThrow({ where: { id: BigInt(link.id) } });
    expect(info).toEqual({
      file_name: 'holiday.webp',
      format: 'webp',
      size: Number(row.resultSize),
      has_password: false,
      expires_at: link.expires_at,
      access_limit: 5,
      remaining: 5,
    });
    const dl = await downloadLink(link.token);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toContain('holiday.webp');
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await dl.arrayBuffer())).toEqual(await resultBytes(link.id));
    expect((await (await resolveLink(link.token)).json()).remaining).toBe(4);
  });

  it('a password comes in X-Share-Password: missing 401, wrong 401, right 200', async () => {
    const link = await sharedLink({ password: 'open sesame' });
    expect((await (await resolveLink(link.token)).json()).has_password).toBe(true);
    const missing = await downloadLink(link.token);
    expect(missing.status).toBe(401);
    expect((await missing.json()).code).toBe('password_required');
    const wrong = await downloadLink(link.token, 'open sesam');
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).code).toBe('wrong_password');
    const right = await downloadLink(link.token, 'open sesame');
    expect(right.status).toBe(200);
    expect(Buffer.from(await right.arrayBuffer())).toEqual(await resultBytes(link.id));
  });

  it(`after ${SHARE_PASSWORD_TRIES} wrong passwords from one address: 429 with Retry-After there, even with the right one; others still open it`, async () => {
    const link = await sharedLink({ password: 'open sesame' });
    const guesser = new RouteClient();
    // Guesses sent at once are counted one after the other (the link's row is locked).
    const guesses = await Promise.all(
      Array.from({ length: SHARE_PASSWORD_TRIES + 4 }, (_, i) => downloadAs(guesser, link.token, `guess ${i}`)),
    );
    expect(guesses.map((r) => r.status).sort()).toEqual([
      ...Array(SHARE_PASSWORD_TRIES).fill(401),
      ...Array(4).fill(429),
    ]);
    const locked = await downloadAs(guesser, link.token, 'open sesame');
    expect(locked.status).toBe(429);
    expect((await locked.json()).code).toBe('too_many_attempts');
    expect(Number(locked.headers.get('retry-after'))).toSatisfy(
      (s: number) => s > 0 && s <= SHARE_PASSWORD_WINDOW_MS / 1000,
    );
    // The owner's recipients, at other addresses, are not locked out by the guesser.
    expect((await downloadLink(link.token, 'open sesame')).status).toBe(200);
    expect((await downloadLink(link.token, 'a wrong one')).status).toBe(401);
    // The tries live in the database (every process sees them); once they leave the window the link opens.
    await db.shareAttempt.updateMany({
      where: { token: link.token },
      data: { at: new Date(Date.now() - SHARE_PASSWORD_WINDOW_MS - 1) },
    });
    expect((await downloadAs(guesser, link.token, 'open sesame')).status).toBe(200);
  });

  it(`a guesser spread over many addresses meets the link's ceiling of ${SHARE_PASSWORD_LINK_TRIES} wrong passwords`, async () => {
    const link = await sharedLink({ password: 'open sesame' });
    // One wrong guess each from SHARE_PASSWORD_LINK_TRIES - 1 addresses, as the throttle records them.
    const wrong = (i: number) => ({ token: link.token, client: `203.0.113.${i}`, pending: false });
    await db.shareAttempt.createMany({
      data: Array.from({ length: SHARE_PASSWORD_LINK_TRIES - 1 }, (_, i) => wrong(i)),
    });
    expect((await downloadLink(link.token, 'the last one')).status).toBe(401);
    expect((await downloadLink(link.token, 'one more')).status).toBe(429);
    const recipient = await downloadLink(link.token, 'open sesame');
    expect(recipient.status).toBe(429);
    expect((await recipient.json()).code).toBe('too_many_attempts');
  });

  it('an IPv6 guesser is counted by its /64: fresh addresses in it are locked too, other blocks and IPv4 are not', async () => {
    const link = await sharedLink({ password: 'open sesame' });
    const at = (address: string) => new RouteClient(signedClientAddressHeaders(address));
    for (let i = 1; i <= SHARE_PASSWORD_TRIES; i++)
      expect((await downloadAs(at(`2001:db8:7:7::${i.toString(16)}`), link.token, `guess ${i}`)).status).toBe(401);
    const fresh = await downloadAs(at('2001:db8:7:7:dead:beef:0:1'), link.token, 'open sesame');
    expect(fresh.status).toBe(429);
    expect((await fresh.json()).code).toBe('too_many_attempts');
    expect((await downloadAs(at('2001:db8:7:8::1'), link.token, 'open sesame')).status).toBe(200);
    // IPv4 is counted per address, an IPv4-mapped IPv6 address as that IPv4 address.
    for (let i = 1; i <= SHARE_PASSWORD_TRIES; i++)
      expect((await downloadAs(at('::ffff:192.0.2.7'), link.token, `guess ${i}`)).status).toBe(401);
    expect((await downloadAs(at('192.0.2.7'), link.token, 'open sesame')).status).toBe(429);
    expect((await downloadAs(at('192.0.2.8'), link.token, 'open sesame')).status).toBe(200);
  });

  it('right passwords do not count towards the throttle, one after another or all at once', async () => {
    const link = await sharedLink({ password: 'open sesame' });
    const reader = new RouteClient();
    for (let i = 0; i < SHARE_PASSWORD_TRIES + 1; i++)
      expect((await downloadAs(reader, link.token, 'open sesame')).status).toBe(200);
    const together = await Promise.all(
      Array.from({ length: 2 * SHARE_PASSWORD_TRIES }, () => downloadAs(reader, link.token, 'open sesame')),
    );
    expect(together.map((r) => r.status)).toEqual(Array(2 * SHARE_PASSWORD_TRIES).fill(200));
    expect(await db.shareAttempt.count({ where: { token: link.token } })).toBe(0);
  });

  it('with access_limit k, k+1 concurrent downloads: exactly k succeed, the other gets 410', async () => {
    const k = 4;
    const link = await sharedLink({ access_limit: k });
    const answers = await Promise.all(Array.from({ length: k + 1 }, () => downloadLink(link.token)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(k).fill(200), 410]);
    const refused = answers.find((r) => r.status === 410)!;
    expect((await refused.json()).code).toBe('link_used_up');
    expect((await db.shareLink.findUniqueOrThrow({ where: { token: link.token } })).accessCount).toBe(k);
    const after = await resolveLink(link.token);
    expect(after.status).toBe(410);
    expect((await after.json()).code).toBe('link_used_up');
  });

  it('an expired link answers 410 on resolve and download', async () => {
    const link = await sharedLink();
    await db.shareLink.update({ where: { token: link.token }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const res of [await resolveLink(link.token), await downloadLink(link.token)]) {
      expect(res.status).toBe(410);
      expect((await res.json()).code).toBe('link_expired');
    }
  });

  it('an unknown token answers 404', async () => {
    for (const res of [await resolveLink('no-such-token-at-all'), await downloadLink('no-such-token-at-all')]) {
      expect(res.status).toBe(404);
    }
  });
});

describe('links stop with their owner or their conversion', () => {
  it('a revoked link answers 404 at once', async () => {
    const link = await sharedLink();
    const path = `/api/v1/conversions/${link.id}/shares/${link.token}`;
    const params = { id: link.id, token: link.token };
    const res = await link.owner.call(revoke.DELETE, { method: 'DELETE', path, params });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });
    expect((await resolveLink(link.token)).status).toBe(404);
    expect((await downloadLink(link.token)).status).toBe(404);
    expect((await link.owner.call(revoke.DELETE, { method: 'DELETE', path, params })).status).toBe(404);
  });

  it('deleting the conversion deletes its links', async () => {
    const link = await sharedLink();
    const res = await link.owner.call(conversion.DELETE, {
      method: 'DELETE',
      path: `/api/v1/conversions/${link.id}`,
      params: { id: link.id },
    });
    expect(res.status).toBe(200);
    expect(await db.shareLink.count({ where: { token: link.token } })).toBe(0);
    expect((await downloadLink(link.token)).status).toBe(404);
  });

  it('an expired conversion answers 404 at once, and the sweep deletes its links', async () => {
    const link = await sharedLink();
    await db.conversion.update({ where: { id: BigInt(link.id) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await resolveLink(link.token)).status).toBe(404);
    expect((await downloadLink(link.token)).status).toBe(404);
    await purgeExpiredConversions();
    expect(await db.shareLink.count({ where: { token: link.token } })).toBe(0);
  });
});
