import { type ConversionEvent, subscribeConversionEvents } from '@/lib/conversions/conversion-events';
import { readConversionStatus } from '@/lib/conversions/read-conversion-status';
import { isTerminal } from '@/lib/domain/conversion-status';
import type { Caller } from '@/lib/identity/caller';

/**
 * Waits up to `timeoutMs` (or until `signal` aborts) for the caller's conversion to end, over the
 * conversion events bus; returns its terminal event, or null when it is still running. Subscribes
 * before it reads the row, so an end that came before the read is in the read, and one after it
 * is heard (the worker notifies after it writes).
 */
export async function waitForConversion(
  caller: Caller,
  id: bigint,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<ConversionEvent | null> {
  const key = String(id);
  let settle: (event: ConversionEvent | null) => void = () => {};
  const ended = new Promise<ConversionEvent | null>((resolve) => (settle = resolve));
  const unsubscribe = await subscribeConversionEvents(key, (event) => {
    if (isTerminal(event.status)) settle(event);
  });
  const timer = setTimeout(() => settle(null), timeoutMs);
  const onAbort = () => settle(null);
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const { conversion, error } = await readConversionStatus(caller, id);
    if (isTerminal(conversion.status))
      return { id: key, status: conversion.status, progress: conversion.progress, error };
    return await ended;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    unsubscribe();
  }
}
