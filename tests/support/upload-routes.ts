// The upload routes as the web process serves them (path patterns to the app's route modules), for
// tests that run them on a real socket through startRouteServer.
import * as tusCreate from '@/app/api/v1/tus/route';
import * as tusOne from '@/app/api/v1/tus/[token]/route';
import * as complete from '@/app/api/v1/uploads/[token]/complete/route';
import * as init from '@/app/api/v1/uploads/init/route';
import * as part from '@/app/api/v1/uploads/[token]/parts/[number]/route';
import * as one from '@/app/api/v1/uploads/[token]/route';
import type { Route } from '@/tests/support/route-server';

/** The tus endpoint: creation (and the OPTIONS that describes the server), then one upload's offset, appends and end. */
export const TUS_ROUTES: Route[] = [
  { pattern: /^\/api\/v1\/tus$/, methods: { POST: tusCreate.POST, OPTIONS: tusCreate.OPTIONS } },
  {
    pattern: /^\/api\/v1\/tus\/(?<token>[^/]+)$/,
    methods: { HEAD: tusOne.HEAD, PATCH: tusOne.PATCH, DELETE: tusOne.DELETE },
  },
];

/** The upload in numbered parts: start, the parts stored so far or cancel, a part, completion. */
export const PARTS_ROUTES: Route[] = [
  { pattern: /^\/api\/v1\/uploads\/init$/, methods: { POST: init.POST } },
  { pattern: /^\/api\/v1\/uploads\/(?<token>[^/]+)$/, methods: { GET: one.GET, DELETE: one.DELETE } },
  { pattern: /^\/api\/v1\/uploads\/(?<token>[^/]+)\/complete$/, methods: { POST: complete.POST } },
  { pattern: /^\/api\/v1\/uploads\/(?<token>[^/]+)\/parts\/(?<number>[^/]+)$/, methods: { PUT: part.PUT } },
];
