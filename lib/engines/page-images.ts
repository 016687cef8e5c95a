import { rename } from 'node:fs/promises';
import { AppError } from '@/lib/errors';
import { PAGE_LIMITS } from './limits';
import type { EngineJob } from './types';
import { assertOutput, runTool } from './run-tool';

// A document of several pages converted to an image format (PDF, DjVu): one image per page, handed
// back as one ZIP of them (the engine returns `parts`; lib/conversions/file-names.ts names it).

/** Refuses a document with more pages than become images in one conversion. */
export function checkImagePages(pages: number, document: string): void {
  if (pages > PAGE_LIMITS.asImages)
    throw new AppError(
      'unsupported_format',
      `The ${document} has ${pages} pages; at most ${PAGE_LIMITS.asImages} pages become images in one conversion.`,
    );
}

/** The page images (in order), stored (not deflated: images are compressed) in one ZIP at outputPath. */
export async function zipPages(job: EngineJob, files: readonly string[]): Promise<{ parts: number }> {
  const zip = `${job.outputPath}.pages.zip`;
  await runTool(job, '7z', ['a', '-tzip', '-mx=0', '-bd', '-bso0', zip, ...files]);
  await assertOutput(zip, '7z');
  await rename(zip, job.outputPath);
  return { parts: files.length };
}
