import { inngest } from '@/inngest/client';
import { purgeExpiredConversions } from '@/lib/conversions/purge-expired';

// Every 10 minutes: delete expired conversions and their files.
export const purgeExpired = inngest.createFunction(
  { id: 'purge-expired-conversions', triggers: [{ cron: '*/10 * * * *' }] },
  async ({ step }) => step.run('purge', () => purgeExpiredConversions()),
);
