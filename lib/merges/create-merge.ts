import { AppError, isAppError } from '@/lib/errors';
import { findEngine } from '@/lib/engines/registry';
import { disabledPairMessage } from '@/lib/engines/format-policy';
import { mergePartLabel } from '@/lib/engines/merge/merge-engine';
import type { Prisma } from '@/lib/generated/prisma/client';
import { type Caller, ownerOf } from '@/lib/identity/caller';
import { insertAndRun } from '@/lib/conversions/create-conversion';
import { detectSource, parseTargetFormat } from '@/lib/conversions/check-input';
import { cleanFileName, mergedFileName } from '@/lib/conversions/file-names';
import { MERGE_TARGETS, type MergeOptions, type MergePart } from '@/lib/domain/tools';
import { expiresAtFor, limitsFor } from '@/lib/plans';
import { storage } from '@/lib/storage';
import { newStorageKey } from '@/lib/storage/keys';
import { MERGE_FILES_FIELD, type ReceivedMerge, receiveMerge } from '@/lib/merges/receive-merge';
import { parseMergeOptions } from '@/lib/merges/merge-options';

/** A plan without a merge limit still stops here (one request, one job). */
const MAX_MERGE_FILES = 1000;

/** The fewest files a merge takes. */
const MIN_MERGE_FILES = 2;

/** Each file's format, detected from its bytes; a file that cannot become a PDF is refused by name and place. */
async function checkParts(received: ReceivedMerge, key: string): Promise<MergePart[]> {
  const parts: MergePart[] = [];
  for (const [i, part] of received.parts.entries()) {
    try {
      const { fileName, source } = await detectSource({ key, ...part });
      if (!findEngine(source, 'pdf', 'merge')) {
        const disabled = disabledPairMessage(source, 'pdf');
        if (disabled) throw new AppError('unsupported_conversion', disabled);
        throw new AppError(
          'unsupported_conversion',
          `${source} files cannot be merged into a PDF: a merge takes PDFs, images and every format that ` +
            'converts to pdf (GET /api/v1/formats)',
        );
      }
      parts.push({ format: source, name: fileName, size: part.size });
    } catch (e) {
      if (!isAppError(e)) throw e;
      throw new AppError(e.code, `${mergePartLabel(cleanFileName(part.fileName), i)}: ${e.message}`);
    }
  }
  return parts;
}

/** What the merge's fields and files must be before anything is charged; throws the 400 otherwise. */
async function checkMerge(received: ReceivedMerge, key: string): Promise<MergeOptions> {
  const count = received.parts.length;
  if (count < MIN_MERGE_FILES) {
    throw new AppError(
      'missing_file',
      `A merge takes at least ${MIN_MERGE_FILES} files, got ${count}: send each as a "${MERGE_FILES_FIELD}" part, in order`,
    );
  }
  const target = parseTargetFormat(received.fields.target_format);
  if (!(MERGE_TARGETS as readonly string[]).includes(target)) {
    throw new AppError(
      'unsupported_conversion',
      `A merge writes ${MERGE_TARGETS.join(', ')} only: set target_format to ${MERGE_TARGETS.join(' or ')}, not "${target}"`,
    );
  }
  if (!findEngine('pdf', 'pdf', 'merge')) {
    throw new AppError('service_unavailable', 'Merging into a PDF is not available on this server');
  }
  const options = parseMergeOptions(received.fields.options);
  return { parts: await checkParts(received, key), ...options };
}

/**
 * POST /merge: receives the files end to end as one stored input (413 past the plan's files per
 * merge or upload size), checks every one, then charges ONE conversion and inserts its row, whose
 * job joins them into one PDF in the order given. Any refusal keeps nothing and charges nothing.
 */
export async function createMerge({ caller, request }: { caller: Caller; request: Request }) {
  const limits = limitsFor(caller.plan);
  const maxFiles = Math.min(limits.mergeFiles ?? MAX_MERGE_FILES, MAX_MERGE_FILES);
  const received = await receiveMerge(request, { maxFiles, maxBytes: limits.maxUploadBytes });
  const { stored } = received;
  try {
    if (!stored) throw new AppError('missing_file', `No files uploaded: send them as "${MERGE_FILES_FIELD}" parts`);
    const options = await checkMerge(received, stored.key);
    const [first] = options.parts;
    const createdAt = new Date();
    const row = await insertAndRun(caller, {
      createdAt,
      ...ownerOf(caller),
      originalFileName: mergedFileName(first.name),
      originalFormat: first.format,
      targetFormat: 'pdf',
      operation: 'merge',
      options: options as Prisma.InputJsonObject,
      inputKey: stored.key,
      inputSize: BigInt(stored.size),
      resultKey: newStorageKey('results'),
      expiresAt: expiresAtFor(caller.plan, createdAt),
    });
    return row;
  } catch (e) {
    if (stored)
      await storage()
        .delete(stored.key)
        .catch(() => {});
    throw e;
  }
}
