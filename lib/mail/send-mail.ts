import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { randomToken } from '@/lib/crypto';
import { config } from '@/lib/config';
import { log } from '@/lib/log/logger';

export type Mail = { to: string; subject: string; text: string };

// SMTP_URL (e.g. smtps://user:pass@mail.example.com) sends real mail; MAIL_OUTBOX_DIR writes each
// mail as a JSON file; with neither, mails go to the server log so a self-hoster can still act on them.
let transport: nodemailer.Transporter | undefined;

export async function sendMail(mail: Mail): Promise<void> {
  const from = config.mailFrom;
  const smtpUrl = config.smtpUrl;
  if (smtpUrl) {
    transport ??= nodemailer.createTransport(smtpUrl);
    await transport.sendMail({ from, ...mail });
    return;
  }
  const outbox = config.mailOutboxDir;
  if (outbox) {
    await mkdir(outbox, { recursive: true });
    await writeFile(path.join(outbox, `${Date.now()}-${randomToken(6)}.json`), JSON.stringify({ from, ...mail }));
    return;
  }
  log.info({ to: mail.to, subject: mail.subject, text: mail.text }, '[mail] not sent (no SMTP_URL or MAIL_OUTBOX_DIR)');
}
