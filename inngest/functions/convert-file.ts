import { NonRetriableError } from 'inngest';
import { inngest } from '@/inngest/client';
import { config } from '@/lib/config';
import { runConversion } from '@/lib/conversions/run-conversion';
import { conversionJobRetries, inngestRetries } from '@/lib/jobs/retries';
import { conversionRequested, parseConversionRequested } from '@/lib/jobs/events';
import { withLogContext } from '@/lib/log/log-context';

// transmute/conversion.requested → run the conversion (logic in lib/conversions/run-conversion.ts).
export const convertFile = inngest.createFunction(
  {
    id: 'convert-file',
    triggers: [conversionRequested],
    retries: inngestRetries(conversionJobRetries()),
    // Keyed by whom the job runs for: each subject gets its own virtual queue, served in turn, and
    // at most one worker's worth of runs at once. How many run in all is each worker's own bound
    // (inngest/connect-worker.ts `maxWorkerConcurrency`), so adding workers adds throughput.
    concurrency: [{ key: 'event.data.subject', limit: config.engineConcurrency }],
  },
  async ({ event, step }) => {
    const request = parseConversionRequested(event.data);
    if (request === null) throw new NonRetriableError('Bad payload: conversionId must be a conversion id');
    const context = { conversionId: String(request.id), requestId: request.requestId };
    return step.run('convert', () => withLogContext(context, () => runConversion(request.id, request.run)));
  },
);
