import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { metrics } from '@/lib/observability/metrics';
import { settleOpenTraffic } from '@/lib/observability/traffic';
import { config } from '@/lib/config';

// GET /metrics, as the web server (beside the API) and the private metrics listener answer it. With
// METRICS_TOKEN set a scrape must carry `Authorization: Bearer <token>`: the web port is public,
// and queue depths, upload counts and traffic are nobody else's business.

export const METRICS_PATH = '/metrics';

const metricsToken = (): string => config.metricsToken ?? '';

/** Whether the request may read the metrics: no token configured, or the right bearer token. */
export function mayScrape(authorization: string | undefined): boolean {
  const token = metricsToken();
  if (!token) return true;
  const given = Buffer.from(authorization?.match(/^Bearer\s+(.+)$/i)?.[1].trim() ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const json = (res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/** Answers a GET or HEAD of /metrics: 401 without the token when one is set, else Prometheus's text. */
export async function answerMetrics(req: IncomingMessage, res: ServerResponse): Promise<void> {
  req.resume(); // a scrape has no body worth reading: drained, so the answer is not held up
  if (!mayScrape(req.headers.authorization)) {
    return json(
      res,
      401,
      { error: 'Metrics need the bearer token set in METRICS_TOKEN', code: 'unauthorized' },
      { 'www-authenticate': 'Bearer realm="metrics"' },
    );
  }
  try {
    settleOpenTraffic();
    const body = await metrics.registry.metrics();
    res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    json(res, 500, { error: 'Metrics could not be collected', code: 'internal_error' });
  }
}
