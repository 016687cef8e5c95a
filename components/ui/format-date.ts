// Every date and time the UI shows, in one form that names its zone. UTC, not the reader's zone:
// server-rendered pages must not depend on the server's zone, the same moment must read the same
// on the server and in the browser (no hydration mismatch), and a reader in any zone sees which
// zone an expiry is given in.

const dayFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const momentFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

type Moment = string | Date;

/** A UTC day: "27 Nov 2026 UTC" (a day near midnight differs between zones, so it names its zone too). */
export function formatDate(value: Moment | null, fallback = '—'): string {
  if (!value) return fallback;
  return `${dayFormat.format(new Date(value))} UTC`;
}

/** A moment to the minute: "27 Nov 2026, 12:33 UTC". */
export function formatDateTime(value: Moment | null, fallback = '—'): string {
  if (!value) return fallback;
  return `${momentFormat.format(new Date(value))} UTC`;
}
