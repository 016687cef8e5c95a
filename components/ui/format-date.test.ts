import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

// The formatter must read the same wherever it runs: the share page, the dialog and the dashboard
// render it on the server and in browsers in any zone.
const originalZone = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalZone;
});

describe('formatDateTime', () => {
  it('gives the day, the 24-hour time and the zone it is in', () => {
    expect(formatDateTime('2026-11-27T12:33:00Z')).toBe('27 Nov 2026, 12:33 UTC');
    expect(formatDateTime(new Date('2026-11-28T06:32:59Z'))).toBe('28 Nov 2026, 06:32 UTC');
  });

  it('does not move with the zone of the process', () => {
    process.env.TZ = 'Pacific/Auckland';
    expect(formatDateTime('2026-11-27T23:05:00Z')).toBe('27 Nov 2026, 23:05 UTC');
    process.env.TZ = 'America/Los_Angeles';
    expect(formatDateTime('2026-11-27T00:00:00Z')).toBe('27 Nov 2026, 00:00 UTC');
  });

  it('shows the fallback for a missing moment', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime(null, 'Never')).toBe('Never');
  });
});

describe('formatDate', () => {
  it('gives the UTC day and names its zone', () => {
    expect(formatDate('2026-11-27T23:59:00Z')).toBe('27 Nov 2026 UTC');
    expect(formatDate('2026-01-01T00:00:00Z')).toBe('1 Jan 2026 UTC');
  });

  it('shows the fallback for a missing day', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('', 'not yet')).toBe('not yet');
  });
});
