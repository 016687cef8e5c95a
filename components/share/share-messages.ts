// What the share page says for each answer of the share endpoints (codes from lib/errors.ts).

export type ShareProblem = { code: string; title: string; message: string };

const MESSAGES: Record<string, Omit<ShareProblem, 'code'>> = {
  not_found: {
    title: 'This link does not work',
    message: 'The link is unknown, was revoked by its owner, or the file it pointed to has been deleted.',
  },
  link_expired: { title: 'This link has expired', message: 'Ask the person who sent it for a new link.' },
  link_used_up: {
    title: 'This link has been used up',
    message: 'It allowed a limited number of downloads and all of them have been used. Ask for a new link.',
  },
  password_required: { title: 'Password needed', message: 'Enter the password you were given with the link.' },
  wrong_password: { title: 'Wrong password', message: 'Check the password and try again.' },
  too_many_attempts: {
    title: 'Too many wrong passwords',
    message: 'This link is locked for a while after repeated wrong passwords.',
  },
};

/** The message for an error code; unknown codes keep the server's own text. */
export function shareProblem(code: string, serverMessage?: string, retryAfterSeconds?: number): ShareProblem {
  const known = MESSAGES[code];
  if (!known) return { code, title: 'The download failed', message: serverMessage ?? 'Please try again.' };
  if (code === 'too_many_attempts' && retryAfterSeconds) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    return { code, ...known, message: `${known.message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` };
  }
  return { code, ...known };
}
