import type { Client } from 'pg';
import { sessionClient, trackListenClient } from '@/lib/database/pools';

// NOTIFY reaches this process over one LISTEN connection, whatever the channels (conversion
// events, upload lock releases): opened on the first `listen`, reconnected a second after it
// fails, LISTENing again on every channel then. A notice sent while it was down is lost, so a
// listener must not depend on hearing every one (each has a poll or a timeout behind it).

type Handler = (payload: string) => void;
type Listening = { handlers: Map<string, Set<Handler>>; connection?: Promise<Client> };
const globalListen = globalThis as unknown as { databaseListen?: Listening };
const state = (): Listening => (globalListen.databaseListen ??= { handlers: new Map() });

const RECONNECT_MS = 1000;
/** Channels are the code's own names; LISTEN takes no parameter, so only plain identifiers are sent. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

async function connect(s: Listening): Promise<Client> {
  const client = sessionClient('listen');
  client.on('notification', (msg) => {
    if (msg.payload === undefined) return;
    for (const handler of s.handlers.get(msg.channel) ?? []) handler(msg.payload);
  });
  let lost = false;
  const onLost = () => {
    if (lost) return;
    lost = true;
    client.end().catch(() => {});
    s.connection = undefined;
    trackListenClient(undefined);
    setTimeout(() => {
      if (!s.connection) connection(s).catch(() => {});
    }, RECONNECT_MS).unref();
  };
  client.on('error', onLost);
  client.on('end', onLost);
  await client.connect();
  for (const channel of s.handlers.keys()) await client.query(`LISTEN ${channel}`);
  trackListenClient(client);
  return client;
}

function connection(s: Listening): Promise<Client> {
  if (!s.connection) {
    const attempt = connect(s);
    s.connection = attempt;
    attempt.catch(() => {
      if (s.connection === attempt) s.connection = undefined;
    });
  }
  return s.connection;
}

/**
 * Calls `handler` with the payload of every NOTIFY on `channel`; resolves once this process
 * LISTENs on it (rejects when the database cannot be reached: the next call tries again).
 * Returns the function that removes the handler.
 */
export async function listen(channel: string, handler: Handler): Promise<() => void> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  const s = state();
  const handlers = s.handlers.get(channel) ?? new Set<Handler>();
  const isNew = !s.handlers.has(channel);
  handlers.add(handler);
  s.handlers.set(channel, handlers);
  try {
    const client = await connection(s);
    // A connection made after the channel was added LISTENs on it already; LISTEN twice is harmless.
    if (isNew) await client.query(`LISTEN ${channel}`);
  } catch (e) {
    handlers.delete(handler);
    if (handlers.size === 0) s.handlers.delete(channel);
    throw e;
  }
  return () => {
    handlers.delete(handler);
  };
}
