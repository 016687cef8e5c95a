import { BatchConverter } from '@/components/batch/batch-converter';
import { ManyFilesHandOff } from '@/components/batch/many-files-hand-off';
import { Converter } from '@/components/converter/converter';
import { RecentConversions } from '@/components/converter/recent-conversions';
import { loadGuestConversions } from '@/lib/dashboard/guest-conversions-data';
import { loadBatchLimit } from '@/lib/accounts/batch-limit';

export default async function HomePage() {
  // The visitor's own recent conversions, from the signed guest cookie (makes the page per request).
  const [recent, batchLimit] = await Promise.all([loadGuestConversions(), loadBatchLimit()]);
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Convert files on your own server</h1>
        <p className="max-w-2xl text-zinc-600 text-pretty dark:text-zinc-400">
          Images, documents, spreadsheets, presentations, audio and video. Files never leave this server and are deleted
          when they expire.
        </p>
      </div>
      {/* Several files dropped on the one-file converter go to the many-files converter below. */}
      <ManyFilesHandOff>
        <Converter />
        <section className="flex flex-col gap-3" aria-labelledby="batch-heading">
          <h2 id="batch-heading" className="text-xl font-semibold tracking-tight">
            Several files at once
          </h2>
          <BatchConverter limit={batchLimit} />
        </section>
      </ManyFilesHandOff>
      <RecentConversions items={recent} />
    </div>
  );
}
