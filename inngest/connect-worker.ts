import { connect } from 'inngest/connect';
import { inngest } from '@/inngest/client';
import { functions } from '@/inngest/functions';
import { config } from '@/lib/config';
import { log } from '@/lib/log/logger';

/**
 * A worker's share of Inngest's work: it opens an outbound connection to Inngest (inngest/connect)
 * and runs the functions' steps it is handed, at most ENGINE_CONCURRENCY at once, so each added
 * worker adds engine slots. The connection is retried in the background until Inngest answers.
 * Returns a stop function that lets the steps in flight finish.
 */
export function connectInngestWorker(): () => Promise<void> {
  const connection = connect({
    apps: [{ client: inngest, functions }],
    maxWorkerConcurrency: config.engineConcurrency,
    // scripts/worker.ts owns the signals: it closes this connection, then stops the engines.
    handleShutdownSignals: [],
  });
  let connected: Awaited<typeof connection> | undefined;
  connection.then(
    (worker) => (connected = worker),
    (e) => log.error({ err: e }, '[worker] Inngest connection failed'),
  );
  // Not yet connected means no step in flight: nothing to wait for.
  return async () => {
    await connected?.close();
  };
}
