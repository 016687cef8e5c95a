// The administrators' lists page like the dashboard's conversions (lib/conversions/list-conversions.ts):
// `page` from 1, a fixed page size, and the total and number of pages with the items.

const ADMIN_PAGE_SIZE = 50;

export type Page<T> = { items: T[]; total: number; page: number; pages: number };

/** Prisma's skip and take for a page. */
export const pageWindow = (page: number) => ({ skip: (page - 1) * ADMIN_PAGE_SIZE, take: ADMIN_PAGE_SIZE });

export const pageOf = <T>(items: T[], total: number, page: number): Page<T> => ({
  items,
  total,
  page,
  pages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
});
