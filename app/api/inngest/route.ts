import { serve } from 'inngest/next';
import { inngest } from '@/inngest/client';
import { functions } from '@/inngest/functions';

// Inngest serve endpoint: used when INNGEST_* variables are set (see lib/jobs/enqueue.ts).
export const { GET, POST, PUT } = serve({ client: inngest, functions });
