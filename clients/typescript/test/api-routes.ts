// The route handlers the client and the CLI call, behind a real HTTP server (tests/support/route-server.ts).
import * as convert from '@/app/api/v1/convert/route';
import * as upload from '@/app/api/v1/convert/upload/route';
import * as status from '@/app/api/v1/convert/status/[id]/route';
import * as download from '@/app/api/v1/convert/download/[id]/route';
import * as progress from '@/app/api/v1/conversions/[id]/progress/route';
import * as share from '@/app/api/v1/conversions/[id]/share/route';
import * as formats from '@/app/api/v1/formats/route';
import * as merge from '@/app/api/v1/merge/route';
import * as tusCreate from '@/app/api/v1/tus/route';
import * as tusOne from '@/app/api/v1/tus/[token]/route';
import type { Route } from '@/tests/support/route-server';

export const apiRoutes: Route[] = [
  { pattern: /^\/api\/v1\/convert$/, methods: { POST: convert.POST } },
  { pattern: /^\/api\/v1\/convert\/upload$/, methods: { POST: upload.POST } },
  { pattern: /^\/api\/v1\/convert\/status\/(?<id>[^/]+)$/, methods: { GET: status.GET } },
  { pattern: /^\/api\/v1\/convert\/download\/(?<id>[^/]+)$/, methods: { GET: download.GET } },
  { pattern: /^\/api\/v1\/conversions\/(?<id>[^/]+)\/progress$/, methods: { GET: progress.GET } },
  { pattern: /^\/api\/v1\/conversions\/(?<id>[^/]+)\/share$/, methods: { POST: share.POST } },
  { pattern: /^\/api\/v1\/formats$/, methods: { GET: formats.GET } },
  { pattern: /^\/api\/v1\/merge$/, methods: { POST: merge.POST } },
  { pattern: /^\/api\/v1\/tus$/, methods: { POST: tusCreate.POST, OPTIONS: tusCreate.OPTIONS } },
  {
    pattern: /^\/api\/v1\/tus\/(?<token>[^/]+)$/,
    methods: { HEAD: tusOne.HEAD, PATCH: tusOne.PATCH, DELETE: tusOne.DELETE },
  },
];
