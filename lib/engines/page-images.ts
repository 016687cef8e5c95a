import path from 'node:path';
import { AppError } from '@/lib/errors';
import { PAGE_LIMITS } from './limits';
import type { EngineJob } from './types';
import { zipParts } from './zip-parts';

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
  return zipParts(
    job,
    files.map((file) => ({ name: path.basename(file), file })),
    { deflate: false },
  );
}
