import { describe, expect, it } from 'vitest';
import { hasMalformedPath, isApiPath } from '@/lib/http/malformed-path';

describe('hasMalformedPath', () => {
  it('finds escapes that are cut short or not UTF-8, in the path only', () => {
    for (const bad of [
      '/api/v1/convert/status/%E0%A4%A',
      '/s/%C0%AE',
      '/api/v1/health/%C0',
      '/%',
      '/a%zz',
      '/x%E0%A4?q=1',
    ]) {
      expect(hasMalformedPath(bad), bad).toBe(true);
    }
    for (const good of ['/', '/api/v1/health', '/s/abc%20def', '/%E0%A4%A4', '/a?q=%E0%A4%A', '/a?q=%']) {
      expect(hasMalformedPath(good), good).toBe(false);
    }
  });

  it('tells API paths from pages', () => {
    expect(['/api', '/api/v1/x', '/api?x'].every(isApiPath)).toBe(true);
    expect(['/apis', '/s/api/x', '/'].some(isApiPath)).toBe(false);
  });
});
