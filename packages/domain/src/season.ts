import { DomainError, ERROR_CODES } from './errors';

/** An ISO calendar date, `YYYY-MM-DD`. */
export type IsoDate = string;

/**
 * One edition of the product (product-decisions "Dates and time"): cover from June 1 of `year` to
 * May 31 of the next year, the full premium due by May 31 of `year`. Seasons are configuration,
 * one per year; `seasonForYear` builds the default dates so no year is written into code.
 */
export interface Season {
  year: number;
  coverStart: IsoDate;
  coverEnd: IsoDate;
  paymentDeadline: IsoDate;
  /** Whether the season is on sale; the "Policy Purchase Window Closed" page shows otherwise. */
  purchaseWindowOpen: boolean;
  /** The season the closed-window text points to ("reopens for ..."). */
  nextSeasonYear: number;
}

export const SEASON_DEFAULTS = {
  coverStart: { month: 6, day: 1 },
  coverEnd: { month: 5, day: 31 }, // of the following year
  paymentDeadline: { month: 5, day: 31 },
} as const;

function isoDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function seasonForYear(year: number, options: { purchaseWindowOpen?: boolean } = {}): Season {
  if (!Number.isInteger(year) || year < 2000 || year > 9998) {
    throw new DomainError(ERROR_CODES.INVALID_SEASON_YEAR, 'Season year must be a whole year between 2000 and 9998');
  }
  const { coverStart, coverEnd, paymentDeadline } = SEASON_DEFAULTS;
  return {
    year,
    coverStart: isoDate(year, coverStart.month, coverStart.day),
    coverEnd: isoDate(year + 1, coverEnd.month, coverEnd.day),
    paymentDeadline: isoDate(year, paymentDeadline.month, paymentDeadline.day),
    purchaseWindowOpen: options.purchaseWindowOpen ?? true,
    nextSeasonYear: year + 1,
  };
}

/**
 * Open when the season is configured as on sale and, if today's date is given, the payment
 * deadline has not passed. The caller supplies today (in the display time zone) so the rule stays
 * free of clocks.
 */
export function isPurchaseWindowOpen(season: Season, today?: IsoDate): boolean {
  if (!season.purchaseWindowOpen) return false;
  return today === undefined || today <= season.paymentDeadline;
}

/** Whether a date falls inside the season's cover term (both ends included). */
export function isWithinCover(season: Pick<Season, 'coverStart' | 'coverEnd'>, date: IsoDate): boolean {
  return date >= season.coverStart && date <= season.coverEnd;
}

/** The terms a policy is sold on: once a season has issued policies, these are fixed. */
export const SOLD_SEASON_TERMS = ['coverStart', 'coverEnd', 'paymentDeadline'] as const;

const SOLD_TERM_LABELS: Readonly<Record<(typeof SOLD_SEASON_TERMS)[number], string>> = {
  coverStart: 'cover start',
  coverEnd: 'cover end',
  paymentDeadline: 'payment deadline',
};

/**
 * Why a season edit cannot be saved, or null (product-decisions "Duties"): the cover dates and the
 * payment deadline of a season with issued policies are the terms those contracts were sold on. The
 * window and the next season's year stay editable.
 */
export function soldSeasonEditRefusal(
  stored: Pick<Season, 'year' | 'coverStart' | 'coverEnd' | 'paymentDeadline'>,
  edited: Pick<Season, 'coverStart' | 'coverEnd' | 'paymentDeadline'>,
  issuedPolicies: number,
): string | null {
  if (issuedPolicies <= 0) return null;
  const moved = SOLD_SEASON_TERMS.filter((term) => stored[term] !== edited[term]);
  if (moved.length === 0) return null;
  const labels = moved.map((term) => SOLD_TERM_LABELS[term]);
  const what = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
  const sold = issuedPolicies === 1 ? '1 policy has' : `${issuedPolicies.toLocaleString('en-US')} policies have`;
  return `The ${what} of the ${stored.year} season cannot be changed: ${sold} been issued on these terms`;
}
