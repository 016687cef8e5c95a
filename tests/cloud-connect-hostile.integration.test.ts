import { describe, expect, it } from 'vitest';
import * as callback from '@/app/api/v1/cloud/[provider]/callback/route';
import { db } from '@/lib/db';
import { signedUpUser } from '@/tests/support/accounts';
import {
  at,
  connected,
  consent,
  finish,
  list,
  startConnect,
  withFakeCloudProviders,
} from '@/tests/support/cloud-connect';
import { FAKE_PROVIDERS } from '@/tests/support/fake-cloud-provider';
import { RouteClient } from '@/tests/support/route-client';

// What a hostile caller or an odd provider can do to a cloud connection: carry a victim's callback
// URL to another account or browser, answer the token request with too much, list odd entries.
// Against the loopback stand-in of each provider, through the real routes.

const standIn = withFakeCloudProviders();

describe('a cloud connection meeting hostile callers and odd providers', () => {
  it('a callback from another account or browser leaves the attempt for the person who started it', async () => {
    const victim = await signedUpUser();
    const attacker = await signedUpUser();
    const start = await startConnect(victim.client, 'dropbox');
    const nonce = start.headers.get('set-cookie')!.split(';')[0];
    const path = await consent((await start.json()).authorize_url);
    // The victim's callback URL, replayed by another account (even with the victim's nonce) and
    // by the victim's account from a browser without the nonce.
    expect((await finish(attacker.client, 'dropbox', path)).status).toBe(400);
    expect(
      (await attacker.client.call(callback.GET, { path, ...at('dropbox'), headers: { cookie: nonce } })).status,
    ).toBe(400);
    const elsewhere = new RouteClient({ authorization: `Bearer ${victim.tokens.access_token}` });
    expect((await finish(elsewhere, 'dropbox', path)).status).toBe(400);
    expect((await finish(victim.client, 'dropbox', path)).status).toBe(302);
    expect(await db.cloudConnection.count({ where: { userId: victim.id, provider: 'dropbox' } })).toBe(1);
    expect(await db.cloudConnection.count({ where: { userId: attacker.id } })).toBe(0);
  });

  it("an oversized answer from the token endpoint is a 400 naming the provider's answer, not a plan's limit", async () => {
    const user = await signedUpUser();
    const { authorize_url } = await (await startConnect(user.client, 'google_drive')).json();
    const path = await consent(authorize_url);
    standIn.fake.answerNextTokenRequest(JSON.stringify({ access_token: 'x'.repeat(300 * 1024), token_type: 'bearer' }));
    const res = await finish(user.client, 'google_drive', path);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toContain("Google Drive's token endpoint answered with more than");
    expect(error).not.toContain('plan');
    expect(await db.cloudConnection.count({ where: { userId: user.id } })).toBe(0);
  });

  it.each(FAKE_PROVIDERS)(
    '%s: odd entries in a listing (a size that is no byte count, no name, no id) are fixed or left out, never a failed list',
    async (provider) => {
      const user = await connected(provider);
      const file = (extra: Record<string, unknown>) => {
        const kind =
          provider === 'google_drive'
            ? { mimeType: 'image/png' }
            : provider === 'dropbox'
              ? { '.tag': 'file' }
              : { file: { mimeType: 'image/png' } };
        return { ...kind, ...extra };
      };
      standIn.fake.appendToListings(provider, [
        file({ id: 'odd-na', name: 'na.png', size: 'n/a' }),
        file({ id: 'odd-negative', name: 'negative.png', size: '-5' }),
        file({ id: 'odd-negative-number', name: 'negative-number.png', size: -5 }),
        file({ id: 'odd-fraction', name: 'fraction.png', size: 1.5 }),
        file({ id: 'odd-nameless', size: 10 }),
        file({ name: 'idless.png', size: 10 }),
        file({ id: 'odd-object-name', name: { text: 'x' }, size: 10 }),
        null,
        'not an entry',
      ]);
      try {
        for (const query of ['', '?search=png']) {
          const res = await list(user.client, provider, query);
          expect(res.status, await res.clone().text()).toBe(200);
          const { items } = (await res.json()) as { items: Array<{ name: string; size: number | null }> };
          expect(items).toEqual(
            expect.arrayContaining([
              { id: 'odd-na', name: 'na.png', size: null, folder: false },
              { id: 'odd-negative', name: 'negative.png', size: null, folder: false },
              { id: 'odd-negative-number', name: 'negative-number.png', size: null, folder: false },
              { id: 'odd-fraction', name: 'fraction.png', size: null, folder: false },
            ]),
          );
          expect(items.map((i) => i.name)).toContain(query ? 'page.png' : 'report.png');
          expect(items.map((i) => i.name)).not.toContain('idless.png');
          expect(items.some((i) => typeof i.name !== 'string' || i.name === '')).toBe(false);
        }
      } finally {
        standIn.fake.appendToListings(provider, []);
      }
    },
  );
});
