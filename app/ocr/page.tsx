import type { Metadata } from 'next';
import { OcrTool } from '@/components/tools/ocr-tool';

export const metadata: Metadata = {
  title: 'Text recognition (OCR)',
  description: 'Read the text of scans and photos, as plain text or a searchable PDF.',
};

export default function OcrPage() {
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Read text from scans</h1>
        <p className="max-w-2xl text-zinc-600 text-pretty dark:text-zinc-400">
          Text recognition on this server: plain text of every page, or a searchable PDF that looks like the original
          with an invisible text layer you can select and search.
        </p>
      </div>
      <OcrTool />
    </div>
  );
}
