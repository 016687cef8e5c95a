// The account's conversions and its usage history, for the /dashboard/conversions page (no public
// list endpoint exists; SPEC.md lists none). The page reads them through lib/dashboard/conversions-data.ts.
import { CONVERSION_STATUSES, type ConversionStatus } from '@/lib/domain/conversion-status';
import { db } from '@/lib/db';
import { allowanceSubject, type Caller } from '@/lib/identity/caller';
import { isFormatName } from '@/lib/formats/catalog';
import { limitsFor } from '@/lib/plans';

export const CONVERSIONS_PAGE_SIZE = 20;
const HISTORY_DAYS = 30;

export type ConversionFilter = {
  status?: ConversionStatus;
  format?: string;
  /** Created on or after this UTC day (YYYY-MM-DD). */
  from?: string;
  /** Created on or before this UTC day (YYYY-MM-DD). */
  to?: string;
  page: number;
};

const DAY = 86_400_000;

/** A calendar day as YYYY-MM-DD (what a date input sends), or undefined for anything else. */
function utcDay(value: string | undefined): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value ? undefined : value;
}

/** Reads ?status=&format=&from=&to=&page= leniently: anything unknown is ignored rather than an error page. */
export function parseConversionFilter(params: Record<string, string | string[] | undefined>): ConversionFilter {
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const status = one(params.status);
  const format = one(params.format);
  const page = Number(one(params.page));
  return {
    status: (CONVERSION_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as ConversionStatus)
      : undefined,
    format: format && isFormatName(format) ? format : undefined,
    from: utcDay(one(params.from)),
    to: utcDay(one(params.to)),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The creation-time bounds of the filter's days, whole UTC days included. */
function createdWithin(filter: ConversionFilter) {
  if (!filter.from && !filter.to) return {};
  return {
    createdAt: {
      ...(filter.from ? { gte: new Date(`${filter.from}T00:00:00Z`) } : {}),
      ...(filter.to ? { lt: new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY) } : {}),
    },
  };
}

/** The account's own conversions (never a team member's), newest first, one page. */
export async function listConversions(userId: string, filter: ConversionFilter) {
  const where = {
    userId,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.format ? { OR: [{ originalFormat: filter.format }, { targetFormat: filter.format }] } : {}),
    ...createdWithin(filter),
  };
  const [rows, total] = await Promise.all([
    db.conversion.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (filter.page - 1) * CONVERSIONS_PAGE_SIZE,
      take: CONVERSIONS_PAGE_SIZE,
      select: {
        id: true,
        originalFileName: true,
        originalFormat: true,
        targetFormat: true,
        status: true,
        inputSize: true,
        resultSize: true,
        createdAt: true,
        expiresAt: true,
      },
    }),
    db.conversion.count({ where }),
  ]);
  return {
    total,
    pages: Math.max(1, Math.ceil(total / CONVERSIONS_PAGE_SIZE)),
    items: rows.map((r) => ({
      id: String(r.id),
      fileName: r.originalFileName,
      from: r.originalFormat,
      to: r.targetFormat,
      status: r.status,
      inputSize: Number(r.inputSize),
      resultSize: r.resultSize === null ? null : Number(r.resultSize),
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
    })),
  };
}

/** Conversions per UTC day for the last 30 days (the allowance's ledger: a team's when in one), and the allowance. */
export async function usageHistory(caller: Caller) {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const rows = await db.usageDay.findMany({
    where: { subject: allowanceSubject(caller), day: { gte: new Date(today - (HISTORY_DAYS - 1) * 86_400_000) } },
    select: { day: true, count: true },
  });
  const byDay = new Map(rows.map((r) => [r.day.toISOString().slice(0, 10), r.count]));
  const days = Array.from({ length: HISTORY_DAYS }, (_, i) => {
    const day = new Date(today - (HISTORY_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { day, count: byDay.get(day) ?? 0 };
  });
  return { days, allowance: limitsFor(caller.plan).dailyConversions, shared: Boolean(caller.teamId) };
}

export type UsageHistory = Awaited<ReturnType<typeof usageHistory>>;

/** A guest's most recent conversions (by the signed guest cookie's id), newest first, for the home page. */
export async function recentGuestConversions(guestId: string, limit = 10) {
  const rows = await db.conversion.findMany({
    where: { guestId, userId: null, expiresAt: { gt: new Date() } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { id: true, originalFileName: true, targetFormat: true, status: true, expiresAt: true },
  });
  return rows.map((r) => ({
    id: String(r.id),
    fileName: r.originalFileName,
    to: r.targetFormat,
    status: r.status,
    expiresAt: r.expiresAt.toISOString(),
  }));
}

export type GuestConversion = Awaited<ReturnType<typeof recentGuestConversions>>[number];
