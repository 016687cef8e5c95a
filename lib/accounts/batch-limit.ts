// What the many-files form tells the visitor before they choose files (read on the server).
import 'server-only';
import { headers } from 'next/headers';
import { accountCaller, currentProfile } from '@/lib/accounts/current-account';
import { db } from '@/lib/db';
import type { Caller } from '@/lib/identity/caller';
import { clientAddressFromHeaders } from '@/lib/identity/client-address';
import { usedToday } from '@/lib/limits/daily-allowance';
import { limitsFor, PLAN_NAMES } from '@/lib/plans';

/** The limits of the visitor's plan in force (a team's for a member; Free without an account). */
export type BatchLimit = {
  planName: string;
  filesPerBatch: number | null;
  /** Bytes one file may have; null: no limit. */
  maxUploadBytes: number | null;
  /** Conversions a day; null: no limit. */
  dailyConversions: number | null;
  /** Conversions already charged to today's allowance (the team's for a member, the address's for a visitor). */
  usedToday: number;
  signedIn: boolean;
};

export async function loadBatchLimit(): Promise<BatchLimit> {
  const profile = await currentProfile();
  // The caller the API would see for this browser: the account, or a visitor counted by address.
  const caller: Caller = profile
    ? await accountCaller(profile)
    : {
        kind: 'guest',
        userId: null,
        guestId: null,
        plan: 'free',
        viaCookie: true,
        clientAddress: clientAddressFromHeaders(await headers()),
      };
  const { filesPerBatch, maxUploadBytes, dailyConversions } = limitsFor(caller.plan);
  return {
    planName: PLAN_NAMES[caller.plan],
    filesPerBatch,
    maxUploadBytes,
    dailyConversions,
    usedToday: dailyConversions === null ? 0 : await usedToday(db, caller),
    signedIn: profile !== null,
  };
}
