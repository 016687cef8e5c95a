import { NonRetriableError } from 'inngest';
import { inngest } from '@/inngest/client';
import { parseConversionId } from '@/lib/conversions/conversion-id';
import { runConversion } from '@/lib/conversions/run-conversion';
import { config } from '@/lib/config';

// transmute/conversion.requested → run the conversion (logic in lib/conversions/run-conversion.ts).
export const convertFile = inngest.createFunction(
  {
    id: 'convert-file',
    triggers: [{ event: 'transmute/conversion.requested' }],
    retries: config.engineMaxAttempts as 3,
    concurrency: { limit: config.engineConcurrency },
  },
  async ({ event, step }) => {
    const id = parseConversionId(String(event.data?.conversionId ?? ''));
    if (id === null) throw new NonRetriableError('Bad payload: conversionId must be a conversion id');
    return step.run('convert', () => runConversion(id));
  },
);
