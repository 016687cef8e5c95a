import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { isAppError } from '@/lib/errors';
import type { Conversion } from '@/lib/generated/prisma/client';
import { config } from '@/lib/config';
import { processJobsDir, releaseJobFolder, takeJobFolder } from '@/lib/engines/sandbox/job-folders';
import { db } from '@/lib/db';
import { randomToken } from '@/lib/crypto';
import { finishOutput } from '@/lib/engines/output/finish-output';
import { scrubMessage } from '@/lib/engines/output/server-traces';
import { findEngine } from '@/lib/engines/registry';
import { withEngineSlot } from '@/lib/engines/sandbox/sandbox';
import { sandboxRefusal } from '@/lib/engines/sandbox/sandbox-status';
import type { EngineJob } from '@/lib/engines/types';
import { FORMATS, type FormatName } from '@/lib/formats/catalog';
import { storage } from '@/lib/storage';
import { subscribeConversionEvents } from '@/lib/conversions/conversion-events';
import { claimRun, completeRun, failRun } from '@/lib/conversions/run-state';
import type { PlannedRun, RunAhead } from '@/lib/jobs/events';
import { fileCrc32 } from '@/lib/conversions/file-crc32';
import { type ConversionOwner, emitConversionFinished, inputSourceFor } from '@/lib/conversions/lifecycle';
import { reportProgress } from '@/lib/conversions/report-progress';
import { resultFile } from '@/lib/conversions/file-names';
import { parseToolOptions } from '@/lib/domain/tools';
import { parseConvertOptions } from '@/lib/conversions/convert-options';
import { phaseTimer } from '@/lib/system/phase-timings';
import { reportsOutOfSpace } from '@/lib/storage/out-of-space';
import { isStorageFailure, storageFailed } from '@/lib/storage/storage-failure';
import { log } from '@/lib/log/logger';
import { metrics } from '@/lib/observability/metrics';

/** How a run ended; a transient failure (engine crash, timeout) is thrown instead, for the queue to retry. */
export type RunOutcome = 'completed' | 'failed' | 'skipped';

/**
 * The conversion job, shared by the embedded queue and Inngest. Idempotent by conversion id:
 * a conversion that is already finished (or cancelled, or deleted) is skipped, the result key is
 * fixed at creation, and completion is a conditional update, so a retried job never produces a
 * second result. `run` (from the job message) must be the row's run: a message of an earlier run,
 * still queued when the conversion was retried, is skipped (none given: whichever run is current).
 * `alreadyClaimed`: the row as its insert wrote it, claimed for this run, or that insert still
 * under way (a run ahead: it writes nothing, and stores nothing, until the row is written, and
 * stops when the insert is refused). Both from lib/conversions/create-conversion.ts `insertAndRun`.
 */
export async function runConversion(
  conversionId: bigint,
  run?: number,
  alreadyClaimed?: Conversion | RunAhead,
): Promise<RunOutcome> {
  const timer = phaseTimer('job', conversionId);
  const ahead = alreadyClaimed && 'written' in alreadyClaimed ? alreadyClaimed : undefined;
  // Claim, read the row and say `processing` in one statement (unless its insert did).
  const claimed = ahead
    ? undefined
    : ((alreadyClaimed as Conversion | undefined) ?? (await claimRun(conversionId, run)));
  if (!ahead && !claimed) return 'skipped';
  // What the run reads before it writes: the row, or the row being written.
  let planned: PlannedRun = ahead?.planned ?? claimed!;
  // The row as written; undefined when its insert was refused (then there is nothing to record).
  let written: Promise<Conversion | undefined> = ahead
    ? ahead.written.catch(() => undefined)
    : Promise.resolve(claimed);
  const { attempts } = planned;
  const id = String(planned.id);
  // Named in the finished event of a failure after the engine started (null: none ran).
  let ranEngine: string | null = null;
  timer.mark('claim');

  // The tool's options are parsed once, here; options that do not fit can never succeed.
  const tool = parseToolOptions(planned.operation, planned.options);
  // Taken once the run gets as far as its engine (takeJobFolder), given back once (releaseJobFolder).
  let workDir: string | undefined;
  const releaseWorkDir = async () => {
    const folder = workDir;
    workDir = undefined;
    if (folder)
      await releaseJobFolder(folder).catch((err: unknown) =>
        log.warn({ conversionId: id, err }, 'could not remove the job folder'),
      );
  };
  const abort = new AbortController();
  // A refused insert stops the run ahead at once.
  if (ahead) void written.then((row) => row ?? abort.abort(new Error('not written')));
  const unsubscribe = await subscribeConversionEvents(id, (e) => {
    if (e.status === 'cancelled') abort.abort(new Error('cancelled'));
  });
  // A failure is recorded on the row once it is written; a row never written has nothing to record.
  const failWritten = async (message: string, engine?: string | null): Promise<RunOutcome> => {
    const row = await written;
    return row ? fail(row, message, engine) : 'skipped';
  };
  let progress: ReturnType<typeof reportProgress> | undefined;
  try {
    if (!tool) return await failWritten(`Invalid ${planned.operation} options`);
    // No engine runs outside its sandbox: the conversion fails at once, with the reason.
    const refusal = sandboxRefusal();
    if (refusal) return await failWritten(refusal);
    // An input that is not stored yet (a URL import, never run ahead) is fetched first; its format is known after.
    const source = claimed && inputSourceFor(claimed);
    if (source) {
      const fetched = await source.fetchInput(claimed, abort.signal);
      planned = fetched;
      written = Promise.resolve(fetched);
    }
    const engine = findEngine(planned.originalFormat as FormatName, planned.targetFormat as FormatName, tool.name);
    if (!engine) return await failWritten(`No engine converts ${planned.originalFormat} to ${planned.targetFormat}`);
    // Convert options depend on the pair, so they are checked here too (a URL import learns its source only now).
    const pair = [planned.originalFormat as FormatName, planned.targetFormat as FormatName] as const;
    const options = tool.name === 'convert' ? parseConvertOptions(...pair, tool.options, engine) : tool.options;
    // Named for the run (an operator, or a test, finds a conversion's folder by its id).
    workDir = takeJobFolder(`${id}-${attempts}-${randomToken(6)}`); // on this thread: docs/architecture.md, "Files on the hot path"
    const inputPath = path.join(workDir, `input.${FORMATS[pair[0]].extension}`);
    const outputPath = path.join(workDir, `output.${FORMATS[pair[1]].extension}`);
    // The stored input under a name in the job folder (on local disk a read-only link: no bytes move).
    await storage().getToFile(planned.inputKey, inputPath).catch(storageFailed);
    timer.mark('input');

    progress = reportProgress(planned.id);
    const job: EngineJob = {
      workDir,
      inputPath,
      outputPath,
      inputFormat: pair[0],
      targetFormat: pair[1],
      options,
      signal: abort.signal,
      onProgress: progress.update,
    };
    let note: string | undefined;
    let parts: number | undefined;
    // At most ENGINE_CONCURRENCY engine runs at once in this process, whatever queue feeds it.
    // inspect runs here once; convert relies on it.
    ranEngine = engine.name;
    await withEngineSlot(async () => {
      timer.mark('slot');
      const stopRunTimer = metrics.engineRunDuration.startTimer({ engine: engine.name });
      await engine.inspect?.(job);
      timer.mark('inspect');
      ({ note, parts } = (await engine.convert(job)) ?? {});
      // PDF/A when asked, and no trace of the server in the result, whatever engine wrote it.
      await finishOutput(engine, job, parts);
      stopRunTimer();
      timer.mark('convert');
    });
    await progress.flush();
    timer.mark('progress');
    const row = await written;
    if (!row) return 'skipped';

    // Its CRC-32 (native zlib.crc32, about 1 ms per MB) lets a batch ZIP send it untouched, header first.
    const crc32 = await fileCrc32(outputPath);
    // The job folder's result becomes the stored object (on local disk a rename, not a copy).
    const resultParts = parts ?? null;
    const { size } = await storage()
      .putFile(row.resultKey, outputPath, { contentType: resultFile({ ...row, resultParts }).contentType })
      .catch(storageFailed);
    timer.mark('store-result');
    // The completed row and its event commit together: a row that says completed has said so.
    if (!(await completeRun(row, { size, crc32, parts: resultParts, note: note ?? null }))) {
      // Cancelled or deleted while we worked: the result must not outlive it, unless a later run
      // (a retry) owns the result key now.
      const now = await db.conversion.findUnique({ where: { id: row.id }, select: { run: true } });
      if (!now || now.run === row.run)
        await storage()
          .delete(row.resultKey)
          .catch(() => {});
      return 'skipped';
    }
    timer.mark('complete');
    // The job folder is given back first, while its input is still a second name of the stored
    // one: then it is emptied here and now, not removed file by file through the thread pool.
    void releaseWorkDir();
    // Nothing reads a completed conversion's input again (only a failed or cancelled one can be
    // retried), so it goes now: a user's file is kept no longer than its use, and on local disk its
    // pages leave the page cache for the next upload's instead of growing it (bench/RESULTS.md).
    void storage()
      .delete(row.inputKey)
      .catch((err: unknown) => log.warn({ conversionId: id, err }, 'could not remove the converted input'));
    await emitConversionFinished({ conversion: row, outcome: 'completed', engine: engine.name });
    return 'completed';
  } catch (e) {
    // A run ahead learns here whether its row was written: a failure is recorded, or retried, on it.
    if (abort.signal.aborted || !(await written)) return 'skipped';
    // A refused input fails at once, and so does a run stopped at its time limit: the same input
    // would take as long again, and a hostile file would hold an engine slot ENGINE_MAX_ATTEMPTS
    // times over (the caller can still retry it). An engine crash is retried up to the limit.
    if (isAppError(e) || timedOut(e) || attempts >= config.engineMaxAttempts) {
      // A refusal may quote an engine's words, which can name the input by its path here.
      const jobDir = workDir ?? processJobsDir();
      const message = await scrubMessage(jobDir, failureMessage(e, await folderIsFull(jobDir)));
      return await failWritten(message, ranEngine);
    }
    log.error({ conversionId: id, attempt: attempts, err: e }, 'conversion attempt failed');
    throw new Error(`Conversion ${id} attempt ${attempts} failed`, { cause: e });
  } finally {
    unsubscribe();
    // A value the throttle still holds is not written after the run (a refused insert's id is not its).
    void progress?.flush();
    // The run is over (its row final, or its retry left to the queue). A folder holding only the
    // input's link is emptied now; one an engine left files in goes by the thread pool while the
    // worker takes its next job. A later attempt gets a folder of its own.
    void releaseWorkDir().finally(() => {
      timer.mark('cleanup');
      timer.end();
    });
  }
}

/** Marks the run failed (with its event) and tells the finished listeners. */
async function fail(
  conversion: ConversionOwner & { run: number },
  message: string,
  engine: string | null = null,
): Promise<RunOutcome> {
  if (await failRun(conversion, message)) await emitConversionFinished({ conversion, outcome: 'failed', engine });
  return 'failed';
}

/** An engine run stopped at its time limit (EngineError's `timedOut`). */
const timedOut = (e: unknown) => (e as { timedOut?: boolean } | null)?.timedOut === true;

/** Below this, the job folder's filesystem counts as full (a stopped engine's partial output fills it). */
const FULL_BELOW_BYTES = 1024 * 1024;

/** Whether the job folder's filesystem is full: an engine stopped by that does not always say so. */
async function folderIsFull(dir: string): Promise<boolean> {
  const fs = await statfs(dir).catch(() => null);
  return fs !== null && fs.bavail * fs.bsize < FULL_BELOW_BYTES;
}

function failureMessage(e: unknown, folderFull = false): string {
  if (isAppError(e)) return e.message;
  if (timedOut(e)) return 'The conversion took too long and was stopped';
  // Retried like a crash (space may come back), but the last failure says why.
  if (folderFull || reportsOutOfSpace(e)) {
    return 'The server ran out of disk space while converting this file; retry later';
  }
  if (isStorageFailure(e)) return "The server's file storage failed while converting this file; retry later";
  return 'The file could not be converted: the engine failed on it';
}
