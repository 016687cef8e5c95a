import { convertFile } from '@/inngest/functions/convert-file';
import { purgeExpired } from '@/inngest/functions/purge-expired';
import { deliverWebhookFn } from '@/inngest/functions/deliver-webhook';

export const functions = [convertFile, purgeExpired, deliverWebhookFn];
