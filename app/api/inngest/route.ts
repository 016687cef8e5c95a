import type { NextRequest } from 'next/server';
import { serve } from 'inngest/next';
import { inngest } from '@/inngest/client';
import { functions } from '@/inngest/functions';
import { AppError } from '@/lib/errors';
import { withApi } from '@/lib/api/with-api';
import { config } from '@/lib/config';
import { inngestOp } from '@/lib/schemas/system';

// Inngest serve endpoint: used when INNGEST_* variables are set (see lib/jobs/enqueue.ts);
// without them jobs run on the embedded queue and this path does not exist.
const served = serve({ client: inngest, functions });
const notConfigured = withApi(inngestOp, async () => {
  throw new AppError('not_found', 'Inngest is not configured on this server');
});

type Method = 'GET' | 'POST' | 'PUT';
const handler = (method: Method) => (request: Request, route: Parameters<typeof notConfigured>[1]) =>
  // The SDK's type asks for a NextRequest; it reads only what every Request has.
  config.inngestEnabled ? served[method](request as NextRequest, route) : notConfigured(request, route);

export const GET = handler('GET');
export const POST = handler('POST');
export const PUT = handler('PUT');
