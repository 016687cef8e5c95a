import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { signedUpUser, verifiedUser, verifyAddress } from '@/tests/support/accounts';
import { withEnv } from '@/tests/support/env';
import { sha256 } from '@/lib/crypto';
import { lastMailTo, tokenFromMail } from '@/tests/support/mail-outbox';
import { RouteClient, jsonBody } from '@/tests/support/route-client';
import * as team from '@/app/api/v1/team/route';
import { codeOf, createTeam, getTeam, inviteTo, joinWith, teamWith, withdraw } from '@/tests/support/teams';
import { randomEmail } from '@/tests/support/test-data';
import { waitFor } from '@/tests/support/wait-for';

describe('creating a team', () => {
  it('is for Pro and Business only, once per account, and the creator is its owner', async () => {
    for (const plan of ['free', 'starter'] as const) {
      expect(await codeOf(await createTeam(await signedUpUser(plan)))).toEqual({ status: 403, code: 'plan_required' });
    }
    const owner = await signedUpUser('pro');
    expect((await getTeam(owner)).status).toBe(404);
    const res = await createTeam(owner, '  Studio  ');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      team: { id: expect.any(String), name: 'Studio', plan: 'pro', capacity: 3, created_at: expect.any(String) },
      members: [{ user_id: owner.id, email: owner.email, name: null, role: 'owner', joined_at: expect.any(String) }],
      invitations: [],
    });
    expect(await (await getTeam(owner)).json()).toEqual(body);
    expect((await createTeam(owner)).status).toBe(409);
    const business = await signedUpUser('business');
    expect((await (await createTeam(business)).json()).team.capacity).toBe(10);
  });

  it('refuses bad input with 400 and no credentials with 401', async () => {
    const owner = await signedUpUser('pro');
    expect(await codeOf(await createTeam(owner, ''))).toEqual({ status: 400, code: 'validation_failed' });
    const extra = await owner.client.call(team.POST, {
      method: 'POST',
      path: '/api/v1/team',
      ...jsonBody({ name: 'x', plan: 'business' }),
    });
    expect(extra.status).toBe(400);
    expect(await db.team.count({ where: { ownerId: owner.id } })).toBe(0);
    expect((await new RouteClient().call(team.GET, { path: '/api/v1/team' })).status).toBe(401);
  });
});

describe('invitations', () => {
  it('return the token once, mail it as a join link, and store only its hash for 7 days', async () => {
    const { owner } = await teamWith(0);
    const invitee = await signedUpUser();
    const res = await inviteTo(owner, invitee.email.toUpperCase());
    expect(res.status).toBe(200);
    const inv = await res.json();
    expect(inv).toEqual({
      id: expect.any(String),
      email: invitee.email,
      token: expect.any(String),
      expires_at: expect.any(String),
    });
    const row = await db.teamInvitation.findUniqueOrThrow({ where: { id: inv.id } });
    expect(row.tokenHash).toBe(sha256(inv.token));
    expect(JSON.stringify(row)).not.toContain(inv.token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(7 * 86_400_000, -4);
    const mail = await lastMailTo(invitee.email);
    expect(mail.text).toContain(`/team/join?token=${inv.token}`);
    expect(tokenFromMail(mail.text)).toBe(inv.token);
    // the owner sees the open invitation (without its token); the listing never repeats it
    const listed = await (await getTeam(owner)).json();
    expect(listed.invitations).toEqual([
      { id: inv.id, email: invitee.email, created_at: expect.any(String), expires_at: inv.expires_at },
    ]);
    expect(JSON.stringify(listed)).not.toContain(inv.token);
  });

  it('count against the capacity with the members (403 team_full), and duplicates or members of a team are 409', async () => {
    const { owner } = await teamWith(1); // owner + 1 member of 3
    const a = await signedUpUser();
    expect((await inviteTo(owner, a.email)).status).toBe(200);
    expect(await codeOf(await inviteTo(owner, a.email))).toEqual({ status: 409, code: 'conflict' });
    expect(await codeOf(await inviteTo(owner, (await signedUpUser()).email))).toEqual({
      status: 403,
      code: 'team_full',
    });
    const other = await teamWith(0);
    expect(await codeOf(await inviteTo(other.owner, owner.email))).toEqual({ status: 409, code: 'conflict' });
    // an address without an account can be invited (it registers, then joins)
    expect((await inviteTo(other.owner, `nobody-${Date.now()}@example.com`)).status).toBe(200);
  });

  it('are the owner’s: a member cannot invite or withdraw, and outside a team it is 404', async () => {
    const { owner, members } = await teamWith(1);
    const inv = await (await inviteTo(owner, (await signedUpUser()).email)).json();
    expect(await codeOf(await inviteTo(members[0], 'x@example.com'))).toEqual({ status: 403, code: 'forbidden' });
    expect((await withdraw(members[0], inv.id)).status).toBe(403);
    expect((await inviteTo(await signedUpUser('pro'), 'x@example.com')).status).toBe(404);
    // a member sees the team and its members, not the invitations
    const seen = await (await getTeam(members[0])).json();
    expect(seen.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'member']);
    expect(seen.invitations).toEqual([]);
  });

  it('can be redeemed only by the invited address, once; used, withdrawn or expired tokens answer 410', async () => {
    const { owner } = await teamWith(0, 'business');
    const invitee = await verifiedUser();
    const stranger = await verifiedUser();
    const inv = await (await inviteTo(owner, invitee.email)).json();
    expect(await codeOf(await joinWith(stranger, inv.token))).toEqual({ status: 403, code: 'forbidden' });
    expect((await joinWith(invitee, 'not-a-token')).status).toBe(404);
    const joined = await joinWith(invitee, inv.token);
    expect(joined.status).toBe(200);
    const body = await joined.json();
    expect(body.team.plan).toBe('business');
    expect(body.members.map((m: { user_id: string }) => m.user_id)).toEqual([owner.id, invitee.id]);
    expect(await codeOf(await joinWith(invitee, inv.token))).toEqual({ status: 410, code: 'invitation_gone' });

    // withdrawn: the token stops working
    const later = await verifiedUser();
    const w = await (await inviteTo(owner, later.email)).json();
    expect((await withdraw(owner, w.id)).status).toBe(200);
    expect(await codeOf(await joinWith(later, w.token))).toEqual({ status: 410, code: 'invitation_gone' });
    expect((await (await getTeam(owner)).json()).invitations).toEqual([]);
    // a withdrawn seat is free again, and a fresh invitation works
    const again = await (await inviteTo(owner, later.email)).json();
    // expired
    await db.teamInvitation.update({ where: { id: again.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await codeOf(await joinWith(later, again.token))).toEqual({ status: 410, code: 'invitation_gone' });
    expect((await withdraw(owner, 'nope')).status).toBe(404);
  });

  it('cannot be redeemed before the account proves the address: 403 until it is verified', async () => {
    const { owner } = await teamWith(0, 'business');
    // The invitation goes to an address first; someone then registers an account with it.
    const email = randomEmail('invited');
    const inv = await (await inviteTo(owner, email)).json();
    const claimant = await signedUpUser('free', email);
    const refused = await joinWith(claimant, inv.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'forbidden', error: expect.stringContaining('Verify') });
    expect(await db.teamMember.count({ where: { userId: claimant.id } })).toBe(0);
    expect((await db.teamInvitation.findUniqueOrThrow({ where: { id: inv.id } })).acceptedAt).toBeNull();
    // Whoever reads the address's mail verifies it; the same invitation then joins.
    await verifyAddress(email);
    expect((await joinWith(claimant, inv.token)).status).toBe(200);
  });

  it('cannot be accepted by someone already in a team (409)', async () => {
    const a = await teamWith(0);
    const b = await teamWith(0);
    // two invitations made before the person joined either: the second is refused at join
    const person = await verifiedUser();
    const first = await (await inviteTo(a.owner, person.email)).json();
    const second = await (await inviteTo(b.owner, person.email)).json();
    expect((await joinWith(person, first.token)).status).toBe(200);
    expect(await codeOf(await joinWith(person, second.token))).toEqual({ status: 409, code: 'conflict' });
  });

  it('seat race: invitations accepted at once for the last seat, one succeeds', async () => {
    const { owner } = await teamWith(0, 'business');
    // Three joins, the blocker and the count below fit in one web process's pool (DATABASE_POOL_SIZE).
    const people = await Promise.all(Array.from({ length: 3 }, () => verifiedUser()));
    const tokens: string[] = [];
    for (const p of people) tokens.push((await (await inviteTo(owner, p.email)).json()).token);
    // the capacity shrinks to owner + 1 after the invitations were made: one seat left for three
    await withEnv({ PLAN_BUSINESS_TEAM_SIZE: '2' }, async () => {
      // Force the overlap: a side transaction holds the invitation rows, so every join that got past
      // its seat check waits at its single-use UPDATE. Only the team row lock taken before the check
      // makes the later joins see the seat taken (without it, all three would join).
      const hashes = tokens.map(sha256);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const isHolding = new Promise<void>((resolve) => (holding = resolve));
      const blocker = db.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM team_invitations WHERE token_hash = ANY(${hashes}) FOR UPDATE`;
          holding();
          await held;
        },
        { timeout: 60_000 },
      );
      await isHolding;
      const joins = Promise.all(people.map((p, i) => joinWith(p, tokens[i])));
      // Every join reaches a lock (the blocker's invitation rows, or the team row the first join holds).
      await waitFor(
        () => db.$queryRaw<Array<{ waiting: number }>>`
          SELECT count(*)::int AS waiting FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        ([row]) => row.waiting >= people.length,
        { timeoutMs: 10_000, intervalMs: 20 },
      );
      release();
      await blocker;
      const results = await joins;
      expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403]);
      expect((await results.find((r) => r.status === 403)!.json()).code).toBe('team_full');
    });
    expect(await db.teamMember.count({ where: { team: { ownerId: owner.id } } })).toBe(2);
  });

  it('single use under concurrency: the same token twice at once joins once', async () => {
    const { owner } = await teamWith(0);
    const invitee = await verifiedUser();
    const inv = await (await inviteTo(owner, invitee.email)).json();
    const results = await Promise.all([joinWith(invitee, inv.token), joinWith(invitee, inv.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
    expect(await db.teamMember.count({ where: { team: { ownerId: owner.id } } })).toBe(2);
  });
});
