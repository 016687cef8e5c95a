import type { Metadata } from 'next';
import { isAppError } from '@/lib/errors';
import { resolveShareLink } from '@/lib/shares/resolve-share-link';
import { shareProblem } from '@/components/share/share-messages';
import { ShareProblemCard } from '@/components/share/share-problem-card';
import { ShareView } from '@/components/share/share-view';

// A share link's page: rendered per request (the link's state changes with every download).
export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Shared file', robots: { index: false, follow: false } };

/** The link's public facts, or the reason it cannot be used (404/410 codes). */
async function lookUp(token: string) {
  try {
    return { info: await resolveShareLink(token) };
  } catch (e) {
    if (!isAppError(e)) throw e;
    return { problem: shareProblem(e.code, e.message) };
  }
}

export default async function SharePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const { info, problem } = await lookUp(token);
  return info ? <ShareView token={token} info={info} /> : <ShareProblemCard problem={problem} />;
}
