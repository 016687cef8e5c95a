import { inngest } from '@/inngest/client';
import { PURGE_SCHEDULE } from '@/lib/jobs/retries';
import { purgeExpiredConversions } from '@/lib/retention/purge-expired';

// On the retention schedule (lib/jobs/retries.ts): delete expired conversions and their files.
export const purgeExpired = inngest.createFunction(
  { id: 'purge-expired-conversions', triggers: [{ cron: PURGE_SCHEDULE }] },
  async ({ step }) => step.run('purge', () => purgeExpiredConversions()),
);
