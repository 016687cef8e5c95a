// A fake of Stripe's HTTP API at its boundary: the real `stripe` client talks to it over HTTP
// (STRIPE_API_BASE). It answers the two calls Transmute makes and records the form-encoded bodies.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedStripeRequest = {
  method: string;
  path: string;
  form: Record<string, string>;
  authorization?: string;
};

export type FakeStripe = {
  base: string;
  requests: RecordedStripeRequest[];
  /** The next request is answered with this status and Stripe-style error body. */
  failNext(status: number, message: string): void;
  close(): Promise<void>;
};

const ROUTES: Record<string, { object: string; prefix: string; url: (id: string) => string }> = {
  '/v1/checkout/sessions': {
    object: 'checkout.session',
    prefix: 'cs_test_',
    url: (id) => `https://checkout.stripe.test/c/pay/${id}`,
  },
  '/v1/billing_portal/sessions': {
    object: 'billing_portal.session',
    prefix: 'bps_test_',
    url: (id) => `https://billing.stripe.test/p/session/${id}`,
  },
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  let failure: { status: number; message: string } | undefined;
  let seq = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      requests.push({ method: req.method ?? '', path, form, authorization: req.headers.authorization });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${seq}` });
        res.end(JSON.stringify(body));
      };
      if (failure) {
        const { status, message } = failure;
        failure = undefined;
        return send(status, { error: { type: 'invalid_request_error', message } });
      }
      const route = req.method === 'POST' ? ROUTES[path] : undefined;
      if (!route)
        return send(404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` },
        });
      const id = `${route.prefix}${++seq}`;
      send(200, { id, object: route.object, url: route.url(id) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    failNext: (status, message) => void (failure = { status, message }),
    close: () => new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}
