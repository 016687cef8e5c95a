// Reads the mails the server wrote to MAIL_OUTBOX_DIR (lib/mail/send-mail.ts), for every tier.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** The newest mail written to the outbox for `to`. */
export async function lastMailTo(
  to: string,
  dir = process.env.MAIL_OUTBOX_DIR,
): Promise<{ subject: string; text: string }> {
  if (!dir) throw new Error('MAIL_OUTBOX_DIR is not set');
  const files = (await readdir(dir).catch(() => [])).sort().reverse();
  for (const f of files) {
    const mail = JSON.parse(await readFile(path.join(dir, f), 'utf8'));
    if (mail.to === to) return mail;
  }
  throw new Error(`no mail to ${to} in ${dir}`);
}

/** The token of a mailed link (`…?token=…`). */
export const tokenFromMail = (text: string) => /token=([\w-]+)/.exec(text)?.[1] ?? '';
