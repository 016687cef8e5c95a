import { requestGate } from '@/lib/limits/concurrent-requests';
import { nodeRequestOf } from '@/lib/uploads/node-request';

/**
 * Takes `subject`'s place among its requests at once (lib/limits/concurrent-requests.ts) for this
 * request, and returns how to give it back. The places protect the database pool, and a body on
 * its way from the client uses none of it: so once the body is being read the request steps out,
 * and it steps back in when the body is in (or broke off). Six uploads sent a byte a second then
 * hold no place, and the other requests of their address (a sign-in, a small conversion) go on; a
 * body that stops altogether is ended by the web server (lib/http/stalled-bodies.ts).
 */
export async function takeRequestPlace(subject: string, request: Request): Promise<() => void> {
  const place = await requestGate().enter(subject);
  const body = nodeRequestOf(request);
  if (body && !body.complete && !body.destroyed) {
    const backIn = () => {
      body.off('end', backIn).off('close', backIn);
      place.stepBackIn();
    };
    const out = () => {
      place.stepOut();
      body.once('end', backIn).once('close', backIn);
    };
    // Read already (Next's adapter may start as the request is made), or from the first read on.
    if (body.readableFlowing) out();
    else body.once('resume', out);
  }
  return () => place.leave();
}
