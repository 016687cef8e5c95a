// A separate process serving the upload, resumable-upload and health routes on a real socket, with
// bodies read from the Node request as under scripts/server.ts, for tests that give it its own
// DATA_DIR (a small filesystem). Prints `READY <url>`; SIGTERM closes it as scripts/server.ts does.
import * as upload from '@/app/api/v1/convert/upload/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import * as health from '@/app/api/v1/health/route';
import * as tusCreate from '@/app/api/v1/tus/route';
import * as tusOne from '@/app/api/v1/tus/[token]/route';
import * as complete from '@/app/api/v1/uploads/[token]/complete/route';
import * as init from '@/app/api/v1/uploads/init/route';
import * as part from '@/app/api/v1/uploads/[token]/parts/[number]/route';
import * as one from '@/app/api/v1/uploads/[token]/route';
import { startRouteServer } from '@/tests/support/route-server';

async function main() {
  const { url, server } = await startRouteServer(
    [
      { pattern: /^\/api\/v1\/convert\/upload$/, methods: { POST: upload.POST } },
      { pattern: /^\/api\/v1\/convert\/status\/(?<id>[^/]+)$/, methods: { GET: status.GET } },
      { pattern: /^\/api\/v1\/health$/, methods: { GET: health.GET } },
      { pattern: /^\/api\/v1\/uploads\/init$/, methods: { POST: init.POST } },
      { pattern: /^\/api\/v1\/uploads\/(?<token>[^/]+)$/, methods: { GET: one.GET, DELETE: one.DELETE } },
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
