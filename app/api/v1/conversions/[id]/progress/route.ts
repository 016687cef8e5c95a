import { withApi } from '@/lib/api/with-api';
import { progressStream } from '@/lib/conversions/progress-stream';
import { progressOp } from '@/lib/schemas/conversion';

// GET /api/v1/conversions/{id}/progress – progress stream (SSE)
export const GET = withApi(
  progressOp,
  async ({ caller, params, request }) =>
    new Response(await progressStream(caller, params.id, request.signal), {
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      },
    }),
);
