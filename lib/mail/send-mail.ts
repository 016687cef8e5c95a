import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { randomToken } from '@/lib/crypto';

export type Mail = { to: string; subject: string; text: string };

// SMTP_URL (e.g. smtps://user:pass@mail.example.com) sends real mail; MAIL_OUTBOX_DIR writes each
// mail as a JSON file; with neither, mails go to the server log so a self-hoster can still act on them.
let transport: nodemailer.Transporter | undefined;

export async function sendMail(mail: Mail): Promise<void> {
  const from = process.env.MAIL_FROM ?? 'Transmute <no-reply@localhost>';
  if (process.env.SMTP_URL) {
    transport ??= nodemailer.createTransport(process.env.SMTP_URL);
    await transport.sendMail({ from, ...mail });
    return;
  }
  if (process.env.MAIL_OUTBOX_DIR) {
    await mkdir(process.env.MAIL_OUTBOX_DIR, { recursive: true });
    await writeFile(
      path.join(process.env.MAIL_OUTBOX_DIR, `${Date.now()}-${randomToken(6)}.json`),
      JSON.stringify({ from, ...mail }),
    );
    return;
  }
  console.log(`[mail] To: ${mail.to}\n[mail] Subject: ${mail.subject}\n${mail.text.replace(/^/gm, '[mail] ')}`);
}
