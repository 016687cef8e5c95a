// A tiny Chrome DevTools Protocol client for a service started with --inspect=127.0.0.1:0: forces a
// full garbage collection and reads the live JS heap, so a benchmark can tell garbage from a leak.
import { readFileSync } from 'node:fs';
import { sleep } from './server';

export type Inspector = {
  collectGarbage(): Promise<void>;
  /** V8's used heap size in bytes. */
  heapUsed(): Promise<number>;
  close(): void;
};

/** Connects to the inspector whose address the process printed ("Debugger listening on ws://…") into `log`. */
export async function inspectorOf(log: string): Promise<Inspector> {
  let url: string | undefined;
  for (let i = 0; i < 100 && !url; i++, await sleep(100)) {
    url = /Debugger listening on (ws:\/\/\S+)/.exec(readFileSync(log, 'utf8'))?.[1];
  }
  if (!url) throw new Error(`no inspector address in ${log}`);
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = () => reject(new Error(`cannot connect to ${url}`));
  });
  let nextId = 1;
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  ws.onmessage = (event) => {
    const msg = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result ?? {});
  };
  const call = (method: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const id = nextId++;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, method }));
    });
  return {
    collectGarbage: async () => void (await call('HeapProfiler.collectGarbage')),
    heapUsed: async () => (await call('Runtime.getHeapUsage')).usedSize as number,
    close: () => ws.close(),
  };
}
