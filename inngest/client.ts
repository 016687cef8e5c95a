export { inngest } from '@/lib/jobs/inngest-client';
