import { Converter } from '@/components/converter/converter';
import { parsePair } from '@/components/converter/chosen-pair';
import { RecentConversions } from '@/components/converter/recent-conversions';
import { loadGuestConversions } from '@/lib/dashboard/guest-conversions-data';
import { loadBatchLimit } from '@/lib/accounts/batch-limit';

type Props = { searchParams: Promise<{ from?: string | string[]; to?: string | string[] }> };

export default async function HomePage({ searchParams }: Props) {
  // The visitor's own recent conversions, from the signed guest cookie (makes the page per request).
  const [recent, batchLimit, params] = await Promise.all([loadGuestConversions(), loadBatchLimit(), searchParams]);
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Convert files on your own server</h1>
        <p className="max-w-2xl text-zinc-600 text-pretty dark:text-zinc-400">
          Images, documents, spreadsheets, presentations, audio and video. Files never leave this server and are deleted
          when they expire.
        </p>
      </div>
      <Converter limit={batchLimit} pair={parsePair(params)} />
      <RecentConversions items={recent} />
    </div>
  );
}
