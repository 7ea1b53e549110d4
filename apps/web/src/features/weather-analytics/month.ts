import { formatDateTime, formatLongDate, formatMonthAndYear, localIsoDate } from '@fhp/domain';

/** A calendar month of the tracker. */
export interface Month {
  year: number;
  /** 1-12 */
  month: number;
}

/** The first and last years the tracker can show: the shipped records start in 1950. */
export const FIRST_YEAR = 1950;

export function currentMonth(now: number = Date.now()): Month {
  const [year, month] = localIsoDate(now).split('-').map(Number) as [number, number];
  return { year, month };
}

/** `?month=2026-09` as a month, or null when absent or not a month the tracker shows. */
export function parseMonth(value: string | null, latestYear: number): Month | null {
  const match = value ? /^(\d{4})-(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  return year >= FIRST_YEAR && year <= latestYear && month >= 1 && month <= 12 ? { year, month } : null;
}

export const monthParam = ({ year, month }: Month) => `${year}-${String(month).padStart(2, '0')}` as const;

export function addMonths({ year, month }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const monthLabel = ({ year, month }: Month) => formatMonthAndYear(`${year}-${String(month).padStart(2, '0')}-01`);

/** `2026-07-20` as "July 20, 2026". */
export const dayLabel = (isoDate: string) => formatLongDate(isoDate);

export const MONTH_NAMES = Array.from({ length: 12 }, (_, i) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long' }).format(new Date(Date.UTC(2000, i, 1))));

/** An observation's instant in the islands' time: "Sep 7, 2004, 5:30 PM". */
export const localTime = (iso: string) => formatDateTime(iso);

/** The month of a local day (YYYY-MM-DD). */
export const monthOf = (date: string): Month => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) });
