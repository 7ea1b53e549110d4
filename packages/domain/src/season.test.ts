import { describe, expect, it } from 'vitest';
import { DomainError } from './errors';
import { isPurchaseWindowOpen, isWithinCover, seasonForYear, soldSeasonEditRefusal } from './season';

describe('seasons', () => {
  it('builds the default dates for any year', () => {
    expect(seasonForYear(2027)).toEqual({
      year: 2027,
      coverStart: '2027-06-01',
      coverEnd: '2028-05-31',
      paymentDeadline: '2027-05-31',
      purchaseWindowOpen: true,
      nextSeasonYear: 2028,
    });
    expect(seasonForYear(2026, { purchaseWindowOpen: false })).toMatchObject({ coverStart: '2026-06-01', purchaseWindowOpen: false, nextSeasonYear: 2027 });
  });

  it('opens the purchase window only when on sale and before the deadline', () => {
    const season = seasonForYear(2027);
    expect(isPurchaseWindowOpen(season)).toBe(true);
    expect(isPurchaseWindowOpen(season, '2027-05-31')).toBe(true);
    expect(isPurchaseWindowOpen(season, '2027-06-01')).toBe(false);
    expect(isPurchaseWindowOpen(seasonForYear(2027, { purchaseWindowOpen: false }), '2027-01-01')).toBe(false);
  });

  it('knows its cover term', () => {
    const season = seasonForYear(2026);
    expect(isWithinCover(season, '2026-06-01')).toBe(true);
    expect(isWithinCover(season, '2027-05-31')).toBe(true);
    expect(isWithinCover(season, '2026-05-31')).toBe(false);
    expect(isWithinCover(season, '2027-06-01')).toBe(false);
  });

  it.each([1999, 2026.5, Number.NaN, 9999])('refuses year %s', (year) => {
    expect(() => seasonForYear(year)).toThrow(DomainError);
  });
});

describe('soldSeasonEditRefusal', () => {
  const stored = seasonForYear(2027);
  it('lets an unsold season move and a sold one change nothing but its window', () => {
    expect(soldSeasonEditRefusal(stored, { ...stored, paymentDeadline: '2027-05-15' }, 0)).toBeNull();
    expect(soldSeasonEditRefusal(stored, { ...stored }, 3)).toBeNull();
  });
  it('refuses to move the cover dates or the deadline of a season with issued policies, naming them', () => {
    expect(soldSeasonEditRefusal(stored, { ...stored, paymentDeadline: '2027-06-15' }, 1)).toBe(
      'The payment deadline of the 2027 season cannot be changed: 1 policy has been issued on these terms',
    );
    expect(soldSeasonEditRefusal(stored, { ...stored, coverStart: '2027-07-01', coverEnd: '2028-06-30' }, 1200)).toBe(
      'The cover start and cover end of the 2027 season cannot be changed: 1,200 policies have been issued on these terms',
    );
  });
});
