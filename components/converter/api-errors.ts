import type { TransmuteError } from '@transmute/client';
import { errorMessage, NETWORK_ERROR } from '@/components/api/browser-client';
import type { ErrorInfo } from './types';

function titleFor(status: number, code: string, sending: boolean): string {
  if (code === 'batch_too_large') return 'Too many files';
  if (status === 413 || code === 'payload_too_large') return 'File too large';
  if (code === 'unsupported_format') return 'Unsupported file';
  if (code === 'unsupported_conversion') return 'Conversion not available';
  if (status === 0) return 'No connection';
  if (status === 429) return 'Too many requests';
  if (status === 401 || status === 403) return 'Not allowed';
  if (status >= 500) return 'Server error';
  return sending ? 'Upload refused' : 'Request refused';
}

/**
 * The alert for a failed request: the server's own words, with a short title by status. A file
 * being sent whose connection closes may have been cut off at the upload limit: `sending` says so.
 */
export function errorInfo(error: TransmuteError, sending = false): ErrorInfo {
  const code = error.code === 'unknown' ? undefined : error.code;
  if (sending && error.status === 0)
    return {
      title: 'Upload interrupted',
      message: `${NETWORK_ERROR} A file over the upload limit (50 MB without an account) is also cut off this way.`,
      code,
    };
  return { title: titleFor(error.status, error.code, sending), message: errorMessage(error), code };
}
