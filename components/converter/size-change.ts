import { formatBytes } from '@/components/ui/format-bytes';

/** "2.8 MB → 412 kB, −85 %": the sizes before and after and the change, rounded to a whole percent. */
export function describeSizeChange(before: number, after: number): string {
  const sizes = `${formatBytes(before)} → ${formatBytes(after)}`;
  if (before <= 0) return sizes;
  const change = Math.round((after / before - 1) * 100);
  // A typographic minus, as the figures are read, not parsed.
  return `${sizes}, ${change > 0 ? '+' : change < 0 ? '−' : '±'}${Math.abs(change)} %`;
}
