import { config } from '@/lib/config';

// The address clients reach this service at, for every absolute URL we hand out (202 Location,
// presigned downloads, share links, OAuth redirect_uri, Stripe return URLs, mails). Only the
// configuration makes it: a request's Host or X-Forwarded-* headers are the client's to choose,
// so a URL built from them would point wherever the client (or an attacker priming a mail, a
// redirect or an OAuth grant) wanted.

export type OriginSettings = { publicUrl?: string; port: number };

const configured = (): OriginSettings => ({ publicUrl: config.publicUrl, port: config.port });

/** PUBLIC_URL without its trailing slash; unset, `http://localhost:PORT` (a local install). */
export function publicOrigin(settings: OriginSettings = configured()): string {
  if (settings.publicUrl) return settings.publicUrl.replace(/\/+$/, '');
  return `http://localhost:${settings.port}`;
}
