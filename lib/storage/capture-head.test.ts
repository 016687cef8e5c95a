import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { captureHead } from '@/lib/storage/capture-head';

describe('captureHead', () => {
  it('passes every byte through and keeps the first ones, across chunk boundaries', async () => {
    const { tap, head } = captureHead(5);
    const chunks = ['abc', 'def', 'ghi'].map((s) => Buffer.from(s));
    expect(await text(Readable.from(chunks).pipe(tap))).toBe('abcdefghi');
    expect(head().toString()).toBe('abcde');
  });

  it('keeps the whole file when it is shorter', async () => {
    const { tap, head } = captureHead(64);
    expect(await text(Readable.from([Buffer.from('short')]).pipe(tap))).toBe('short');
    expect(head().toString()).toBe('short');
  });
});
