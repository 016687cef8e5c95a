import { Inngest } from 'inngest';

// Used when INNGEST_EVENT_KEY (or INNGEST_DEV) is set; otherwise lib/jobs/embedded-queue.ts runs
// the same lib/ code. Lives in lib/ because lib/jobs/enqueue.ts sends with it (lib/ never imports
// inngest/); inngest/client.ts re-exports it for the functions and the serve route.
export const inngest = new Inngest({ id: 'transmute' });
