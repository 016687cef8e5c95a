import { createServer, type Server } from 'node:http';
import { answerMetrics, METRICS_PATH } from '@/lib/observability/metrics-endpoint';
import { config } from '@/lib/config';
import { checkHealth } from '@/lib/system/check-health';
import { log } from '@/lib/log/logger';

/** The port of each process's metrics listener (METRICS_PORT); unset or 0: no listener. */
const metricsPort = (): number => config.metricsPort ?? 0;

/** The address it binds (METRICS_HOST): by default the web server's HOST, so a loopback process keeps its metrics private too. */
const metricsHost = (): string => config.metricsHost ?? config.host;

/** Paths the metrics listener answers: Prometheus's scrape, the process's liveness and its readiness. */
const METRICS_PATHS = { metrics: METRICS_PATH, live: '/health/live', ready: '/health' } as const;

/**
 * Starts this process's metrics listener on METRICS_PORT (at METRICS_HOST), apart from the API so a scraper never
 * competes with uploads and the port can stay private. `/health/live` answers while the process
 * does, touching nothing else; `/health` is readiness as `GET /api/v1/health` reports it (503 with
 * the failing checks), so a worker, which has no API, can be probed as a web process is. Returns
 * the server, or null when METRICS_PORT is not set.
 */
export function startMetricsServer(port = metricsPort(), host = metricsHost()): Server | null {
  if (!port) return null;
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://metrics').pathname;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { 'content-type': 'application/json', allow: 'GET, HEAD' });
      res.end(JSON.stringify({ error: 'Only GET and HEAD are allowed', code: 'method_not_allowed' }));
    } else if (path === METRICS_PATHS.live) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 'ok' }));
    } else if (path === METRICS_PATHS.ready) {
      const health = await checkHealth();
      res.writeHead(health.status === 'ok' ? 200 : 503, { 'content-type': 'application/json' });
      res.end(JSON.stringify(health));
    } else if (path === METRICS_PATHS.metrics) {
      await answerMetrics(req, res);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: `No such path: ${path}`, code: 'not_found' }));
    }
  });
  server.on('error', (e) => log.error({ err: e }, `[metrics] cannot listen on ${host} port ${port}`));
  server.listen(port, host);
  server.unref();
  return server;
}
