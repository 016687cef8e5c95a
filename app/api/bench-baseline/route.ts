// The baseline of bench/status-reads.ts: a bare route handler answering a constant, so the benchmark
// compares the status read with Next's own cost per request in the same server. Outside /api/v1 (not
// part of the API) and 404 unless the server was started with BENCH_BASELINE=1 (see bench/README.md).
export const dynamic = 'force-dynamic';

const BODY = JSON.stringify({ ok: true });

export function GET(): Response {
  if (process.env.BENCH_BASELINE !== '1') return new Response(null, { status: 404 });
  return new Response(BODY, { headers: { 'content-type': 'application/json' } });
}
