import { convertFile } from '@/inngest/functions/convert-file';
import { purgeExpired } from '@/inngest/functions/purge-expired';

export const functions = [convertFile, purgeExpired];
