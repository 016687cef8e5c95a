import { describe, expect, it } from 'vitest';
import { parseCookies } from '@/lib/identity/cookies';

describe('parseCookies', () => {
  it('reads name=value pairs and decodes percent-encoding', () => {
    const cookies = parseCookies('tm_guest=abc.def; theme=dark%20mode');
    expect(Object.fromEntries(cookies)).toEqual({ tm_guest: 'abc.def', theme: 'dark mode' });
  });

  it('ignores a cookie with bad percent-encoding and keeps the others', () => {
    const cookies = parseCookies('bad=%E0%A4%A; tm_guest=abc.def; worse=%; =nameless; flag');
    expect(Object.fromEntries(cookies)).toEqual({ tm_guest: 'abc.def' });
  });

  it('tolerates no header', () => {
    expect(parseCookies(null).size).toBe(0);
  });
});
