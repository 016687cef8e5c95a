/** The order kept for the files present now: those already ordered keep their places, new ones go last. */
export function reconcileOrder(order: readonly string[], present: readonly string[]): string[] {
  const kept = order.filter((key) => present.includes(key));
  return [...kept, ...present.filter((key) => !kept.includes(key))];
}

/** The list with the entry at `from` moved to `to` (clamped to the list). */
export function moveEntry<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  if (from < 0 || from >= list.length || from === target) return next;
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved);
  return next;
}
