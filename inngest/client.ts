import { Inngest } from 'inngest';

// Used when INNGEST_EVENT_KEY (or INNGEST_DEV) is set; otherwise lib/jobs/embedded-queue.ts runs
// the same lib/ code.
export const inngest = new Inngest({ id: 'transmute' });
