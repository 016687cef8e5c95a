// One web process of the multi-process tier (tests/multi-process*.integration.test.ts): the real
// route handlers for uploads, status, progress streams, downloads and health on a real socket,
// fronted as scripts/server.ts fronts Next (GET /metrics behind METRICS_TOKEN, byte counters, the
// stop on SIGTERM with its deadline). The tier runs before `next build`, so Next itself is not here.
// Prints `READY <url>`; exits 0 once stopped.
import * as download from '@/app/api/v1/convert/download/[id]/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as progress from '@/app/api/v1/conversions/[id]/progress/route';
import * as health from '@/app/api/v1/health/route';
import * as live from '@/app/api/v1/health/live/route';
import * as tusCreate from '@/app/api/v1/tus/route';
import * as tusOne from '@/app/api/v1/tus/[token]/route';
import * as complete from '@/app/api/v1/uploads/[token]/complete/route';
import * as init from '@/app/api/v1/uploads/init/route';
import * as part from '@/app/api/v1/uploads/[token]/parts/[number]/route';
import { metrics } from '@/lib/observability/metrics';
import { mayScrape } from '@/lib/observability/metrics-endpoint';
import { countTraffic, settleOpenTraffic } from '@/lib/observability/traffic';
import { closeWebServer } from '@/lib/system/close-web-server';
import { startRouteServer } from '@/tests/support/route-server';

async function scrape(request: Request): Promise<Response> {
  if (!mayScrape(request.headers.get('authorization') ?? undefined)) return new Response(null, { status: 401 });
  settleOpenTraffic();
  return new Response(await metrics.registry.metrics(), { headers: { 'content-type': metrics.registry.contentType } });
}

async function main() {
  const { url, server } = await startRouteServer(
    [
      { pattern: /^\/metrics$/, methods: { GET: scrape } },
      { pattern: /^\/api\/v1\/convert\/upload$/, methods: { POST: upload.POST } },
      { pattern: /^\/api\/v1\/convert\/status\/(?<id>[^/]+)$/, methods: { GET: status.GET } },
      { pattern: /^\/api\/v1\/convert\/download\/(?<id>[^/]+)$/, methods: { GET: download.GET } },
      { pattern: /^\/api\/v1\/conversions\/(?<id>[^/]+)\/progress$/, methods: { GET: progress.GET } },
      { pattern: /^\/api\/v1\/health$/, methods: { GET: health.GET } },
      { pattern: /^\/api\/v1\/health\/live$/, methods: { GET: live.GET } },
      { pattern: /^\/api\/v1\/uploads\/init$/, methods: { POST: init.POST } },
      { pattern: /^\/api\/v1\/uploads\/(?<token>[^/]+)\/complete$/, methods: { POST: complete.POST } },
      { pattern: /^\/api\/v1\/uploads\/(?<token>[^/]+)\/parts\/(?<number>[^/]+)$/, methods: { PUT: part.PUT } },
      { pattern: /^\/api\/v1\/tus$/, methods: { POST: tusCreate.POST, OPTIONS: tusCreate.OPTIONS } },
      {
        pattern: /^\/api\/v1\/tus\/(?<token>[^/]+)$/,
        methods: { HEAD: tusOne.HEAD, PATCH: tusOne.PATCH, DELETE: tusOne.DELETE },
      },
    ],
    { nodeBodies: true },
  );
  countTraffic(server);
  server.requestTimeout = 0;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('STOPPING');
    void closeWebServer(server).then((finished) => {
      console.log(finished ? 'STOPPED' : 'STOPPED AT DEADLINE');
      process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  console.log(`READY ${url}`);
}

main().catch((e) => {
  console.error('[multi-process-web] failed to start:', e);
  process.exit(1);
});
