// A separate process serving the upload, resumable-upload and health routes on a real socket, with
// bodies read from the Node request as under scripts/server.ts, for tests that give it its own
// DATA_DIR (a small filesystem). Prints `READY <url>`; SIGTERM closes it as scripts/server.ts does.
import * as upload from '@/app/api/v1/convert/upload/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import * as health from '@/app/api/v1/health/route';
import { startRouteServer } from '@/tests/support/route-server';
import { PARTS_ROUTES, TUS_ROUTES } from '@/tests/support/upload-routes';

async function main() {
  const { url, server } = await startRouteServer(
    [
      { pattern: /^\/api\/v1\/convert\/upload$/, methods: { POST: upload.POST } },
      { pattern: /^\/api\/v1\/convert\/status\/(?<id>[^/]+)$/, methods: { GET: status.GET } },
      { pattern: /^\/api\/v1\/health$/, methods: { GET: health.GET } },
      ...PARTS_ROUTES,
      ...TUS_ROUTES,
    ],
    { nodeBodies: true },
  );
  server.requestTimeout = 0;
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  console.log(`READY ${url}`);
}

main().catch((e) => {
  console.error('[upload-server] failed to start:', e);
  process.exit(1);
});
