import { describe, expect, it } from 'vitest';
import { seasonForYear } from '../season';
import { calendarEvent, payoutAmountCents, remindersDue } from './calendar';
import { POLICY_STATUSES } from './status';

const season = seasonForYear(2027); // cover 2027-06-01 .. 2028-05-31, deadline 2027-05-31

describe('calendarEvent', () => {
  it('cancels an unpaid provisional policy from the day after the deadline, never on it', () => {
    expect(calendarEvent('PAYMENT_PENDING', season, '2027-05-31')).toBeNull();
    expect(calendarEvent('PAYMENT_PENDING', season, '2027-06-01')).toEqual({ type: 'PAYMENT_DEADLINE_PASSED' });
  });
  it('starts event monitoring from June 1 and expires after May 31 of the cover year', () => {
    expect(calendarEvent('ISSUED', season, '2027-05-31')).toBeNull();
    expect(calendarEvent('ISSUED', season, '2027-06-01')).toEqual({ type: 'SEASON_STARTED' });
    expect(calendarEvent('EVENT_MONITORING', season, '2028-05-31')).toBeNull();
    expect(calendarEvent('EVENT_MONITORING', season, '2028-06-01')).toEqual({ type: 'COVER_ENDED' });
    // A whole term missed while the server was off: straight to EXPIRED.
    expect(calendarEvent('ISSUED', season, '2029-01-01')).toEqual({ type: 'COVER_ENDED' });
  });
  it('leaves archived policies and an owed payout alone', () => {
    for (const status of ['EXPIRED', 'CANCELED', 'PAYOUT_INTIMATION'] as const) {
      expect(calendarEvent(status, season, '2030-01-01')).toBeNull();
    }
  });
  it('answers only events the state machine allows from the status', () => {
    for (const status of POLICY_STATUSES) {
      for (const today of ['2027-01-01', '2027-06-01', '2028-06-01']) {
        const event = calendarEvent(status, season, today);
        if (event) expect(['PAYMENT_DEADLINE_PASSED', 'SEASON_STARTED', 'COVER_ENDED']).toContain(event.type);
      }
    }
  });
});

describe('remindersDue', () => {
  const instalments = [
    { number: 1, dueDate: '2027-03-01', amountCents: 10_000 },
    { number: 2, dueDate: '2027-04-01', amountCents: 10_000 },
    { number: 3, dueDate: '2027-05-01', amountCents: 10_000 },
  ];
  it('announces an uncovered instalment from 7 days before it is due to the day before', () => {
    expect(remindersDue(instalments, 10_000, '2027-03-24')).toEqual([]);
    expect(remindersDue(instalments, 10_000, '2027-03-25')).toEqual([{ instalment: instalments[1], kind: 'UPCOMING', owedCents: 10_000 }]);
    expect(remindersDue(instalments, 10_000, '2027-03-31')).toHaveLength(1);
    expect(remindersDue(instalments, 10_000, '2027-04-01')).toEqual([]);
  });
  it('reports a missed instalment once its due date has passed, for what is still owed on it', () => {
    expect(remindersDue(instalments, 15_000, '2027-04-02')).toEqual([{ instalment: instalments[1], kind: 'MISSED', owedCents: 5_000 }]);
    expect(remindersDue(instalments, 20_000, '2027-04-02')).toEqual([]);
  });
});

describe('payoutAmountCents', () => {
  it('pays the percent of the coverage, capped at what remains of 100%', () => {
    expect(payoutAmountCents(2_500_000, 50, 0)).toBe(1_250_000);
    expect(payoutAmountCents(2_500_000, 100, 1_250_000)).toBe(1_250_000);
    expect(payoutAmountCents(2_500_000, 25, 2_500_000)).toBe(0);
    expect(payoutAmountCents(130_001, 35, 0)).toBe(45_500);
    expect(() => payoutAmountCents(2_500_000, 0, 0)).toThrow(RangeError);
  });
});
