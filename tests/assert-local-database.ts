// Integration tests write real rows: refuse to run them against anything but a local database.
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL must be set for integration tests (scripts/test.sh sets it)');
const host = new URL(url).hostname;
if (!['localhost', '127.0.0.1', '::1', '[::1]'].includes(host)) {
  throw new Error(`Refusing to run integration tests against non-local database host ${host}`);
}
process.env.DATA_DIR ??= '.data/test';
// Tests share one address; the limit tests lower these for themselves (limits are read per call).
process.env.PLAN_FREE_RATE_PER_MINUTE ??= 'unlimited';
process.env.PLAN_FREE_DAILY_CONVERSIONS ??= 'unlimited';
process.env.MAIL_OUTBOX_DIR ??= `${process.env.DATA_DIR}/mail-outbox`;
