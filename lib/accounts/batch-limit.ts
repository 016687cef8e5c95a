// What the batch form tells the visitor before they choose files (read on the server).
import 'server-only';
import { currentProfile } from '@/lib/accounts/current-account';
import { limitsFor, PLAN_NAMES } from '@/lib/plans';

/** The files one batch may hold on the visitor's plan in force (a team's for a member; Free without an account). */
export type BatchLimit = {
  planName: string;
  filesPerBatch: number | null;
  /** Bytes one file may have; null: no limit. */
  maxUploadBytes: number | null;
  signedIn: boolean;
};

export async function loadBatchLimit(): Promise<BatchLimit> {
  const profile = await currentProfile();
  const plan = profile?.plan ?? 'free';
  const { filesPerBatch, maxUploadBytes } = limitsFor(plan);
  return { planName: PLAN_NAMES[plan], filesPerBatch, maxUploadBytes, signedIn: profile !== null };
}
