import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { growHeapWhileLargeBody, LARGE_BODY_BYTES, largeBodiesArriving } from './heap-growth';

/** What growHeapWhileLargeBody reads of a request: its headers, and its one 'close'. */
const request = (length?: number) =>
  Object.assign(new EventEmitter(), {
    headers: length === undefined ? {} : { 'content-length': String(length) },
  }) as unknown as IncomingMessage;

describe('growHeapWhileLargeBody', () => {
  it('holds the growth while any large body is open and lets go after the last one', () => {
    const [a, b] = [request(LARGE_BODY_BYTES), request(1024 ** 3)];
    growHeapWhileLargeBody(a);
    growHeapWhileLargeBody(b);
    expect(largeBodiesArriving()).toBe(2);
    a.emit('close');
    expect(largeBodiesArriving()).toBe(1);
    b.emit('close');
    b.emit('close'); // counted once per request
    expect(largeBodiesArriving()).toBe(0);
  });

  it('leaves small, bodiless and unsized requests alone', () => {
    for (const r of [request(LARGE_BODY_BYTES - 1), request(), request(Number.NaN)]) {
      growHeapWhileLargeBody(r);
      expect(largeBodiesArriving()).toBe(0);
      r.emit('close');
      expect(largeBodiesArriving()).toBe(0);
    }
  });
});
