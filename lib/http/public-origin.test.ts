import { describe, expect, it } from 'vitest';
import { publicOrigin } from '@/lib/http/public-origin';

describe('publicOrigin', () => {
  it('is PUBLIC_URL, without its trailing slash', () => {
    expect(publicOrigin({ publicUrl: 'https://convert.example.com/', port: 3000 })).toBe('https://convert.example.com');
    expect(publicOrigin({ publicUrl: 'https://convert.example.com', port: 3000 })).toBe('https://convert.example.com');
  });

  it('without PUBLIC_URL is http://localhost:PORT, whatever a request says', () => {
    expect(publicOrigin({ publicUrl: undefined, port: 3000 })).toBe('http://localhost:3000');
    expect(publicOrigin({ publicUrl: undefined, port: 8080 })).toBe('http://localhost:8080');
  });
});
