import type { Metadata } from 'next';
import { FormatReferenceSearch } from '@/components/formats/format-reference';
import { loadFormatReference } from '@/lib/engines/format-reference-data';

export const metadata: Metadata = {
  title: 'Formats',
  description: 'Every format Transmute converts, what each converts to, and a search for a pair such as “heic to jpg”.',
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function FormatsPage({ searchParams }: Props) {
  const { q } = await searchParams;
  const reference = loadFormatReference();
  const pairs = reference.sources.reduce((n, s) => n + s.targets.length, 0);
  const number = new Intl.NumberFormat('en-US');
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Formats</h1>
        <p className="max-w-2xl text-zinc-600 text-pretty dark:text-zinc-400">
          This server converts {number.format(reference.sources.length)} formats, {number.format(pairs)} pairs in all.
          Find a format or a pair, then choose a target to open the converter with both chosen.
        </p>
      </div>
      {/* The search is rendered here too, so /formats?q=heic arrives already filtered. */}
      <FormatReferenceSearch reference={reference} initialQuery={typeof q === 'string' ? q : ''} />
    </div>
  );
}
