import { AppError } from '@/lib/errors';

/** The refusal of every upload path over the plan's size limit (413, one message). */
export const tooLarge = (maxBytes: number) =>
  new AppError(
    'payload_too_large',
    `File exceeds your plan's upload limit of ${+(maxBytes / 1_000_000).toFixed(2)} MB`,
  );
