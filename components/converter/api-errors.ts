import type { ErrorInfo } from './types';

/** Reads the API's `{error, code}` body; anything else yields undefined. */
export function parseErrorBody(text: string): { error: string; code?: string } | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') {
      const code = 'code' in body && typeof body.code === 'string' ? body.code : undefined;
      return { error: body.error, code };
    }
  } catch {
    // not JSON (a proxy's HTML error page, an empty body…)
  }
  return undefined;
}

function titleFor(status: number, code: string | undefined): string {
  if (code === 'batch_too_large') return 'Too many files';
  if (status === 413 || code === 'payload_too_large') return 'File too large';
  if (code === 'unsupported_format') return 'Unsupported file';
  if (code === 'unsupported_conversion') return 'Conversion not available';
  if (status === 429) return 'Too many requests';
  if (status === 401 || status === 403) return 'Not allowed';
  if (status >= 500) return 'Server error';
  return 'Upload refused';
}

/** A message for a refused request: the server's own words, with a short title by status. */
export function errorFromResponse(status: number, text: string, retryAfter?: string | null): ErrorInfo {
  const body = parseErrorBody(text);
  let message = body?.error ?? `The server answered ${status || 'nothing'}.`;
  if (status === 429 && retryAfter) message += ` Try again in ${retryAfter} s.`;
  return { title: titleFor(status, body?.code), message, code: body?.code };
}

export const NETWORK_ERROR: ErrorInfo = {
  title: 'Upload interrupted',
  message:
    'The connection closed before the server answered. Check your network; a file over the upload limit (50 MB without an account) is also cut off this way.',
  code: 'network_error',
};
