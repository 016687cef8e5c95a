import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logContext, withLogContext } from '@/lib/log/log-context';

/** A JSON logger like lib/log/logger.ts's (same mixin), whose lines the test reads. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ mixin: logContext }, sink), lines };
}

describe('log context', () => {
  it('puts the ids in force on every line, across awaits, and nests a job inside its request', async () => {
    const { log, lines } = capturedLogger();
    await withLogContext({ requestId: 'req-1' }, async () => {
      log.info('first');
      await new Promise((resolve) => setImmediate(resolve)); // a turn of the event loop, as I/O would take
      await withLogContext({ conversionId: '42' }, async () => {
        await Promise.resolve();
        log.info('inside');
      });
      log.info({ requestId: 'explicit' }, 'own field wins');
    });
    log.info('outside');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((l) => [l.msg, l.requestId, l.conversionId])).toEqual([
      ['first', 'req-1', undefined],
      ['inside', 'req-1', '42'],
      ['own field wins', 'explicit', undefined],
      ['outside', undefined, undefined],
    ]);
  });

  it('keeps two concurrent requests apart', async () => {
    let bRead = () => {};
    const bHasRead = new Promise<void>((resolve) => (bRead = resolve));
    const seen = await Promise.all(
      ['a', 'b'].map((id) =>
        withLogContext({ requestId: id }, async () => {
          // a starts first and reads its context only after b has run and read its own.
          if (id === 'a') await bHasRead;
          else await new Promise((resolve) => setImmediate(resolve));
          const requestId = logContext().requestId;
          if (id === 'b') bRead();
          return requestId;
        }),
      ),
    );
    expect(seen).toEqual(['a', 'b']);
  });
});
