/** The console's query parameters: one text value each, whatever the URL repeats. */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export const oneParam = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/** `?page=`: a page number from 1; anything else is page 1. */
export function pageParam(value: string | string[] | undefined): number {
  const page = Number(oneParam(value));
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
