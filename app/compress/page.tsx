import type { Metadata } from 'next';
import { CompressTool } from '@/components/tools/compress-tool';

export const metadata: Metadata = {
  title: 'Compress',
  description: 'Make images, PDFs, video, audio and office files smaller without changing their format.',
};

export default function CompressPage() {
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">Compress a file</h1>
        <p className="max-w-2xl text-zinc-600 text-pretty dark:text-zinc-400">
          Same format out, smaller: photos and graphics re-encoded with their metadata stripped, PDFs with their images
          downsampled, video and audio at a lower bitrate, office files with their pictures re-compressed. When nothing
          smaller comes out, you get your original back.
        </p>
      </div>
      <CompressTool />
    </div>
  );
}
