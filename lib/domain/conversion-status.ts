// The conversion lifecycle, once: pending → processing → completed | failed | cancelled.
// Pure data (no database), so the browser code and the schemas import it too.

export const CONVERSION_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/** Statuses a conversion never leaves. */
export const TERMINAL_STATUSES = ['completed', 'failed', 'cancelled'] as const satisfies readonly ConversionStatus[];
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

/** Statuses whose job may still run (it can be cancelled). */
export const ACTIVE_STATUSES = ['pending', 'processing'] as const satisfies readonly ConversionStatus[];

/** Statuses a conversion can be retried from: its run ended without a result, its input is still stored. */
export const RETRYABLE_STATUSES = ['failed', 'cancelled'] as const satisfies readonly ConversionStatus[];

export const isRetryable = (status: string): boolean => (RETRYABLE_STATUSES as readonly string[]).includes(status);

export const isTerminal = (status: string): status is TerminalStatus =>
  (TERMINAL_STATUSES as readonly string[]).includes(status);
