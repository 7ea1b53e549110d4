import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../countries';
import { addDays, daysBetween } from './dates';
import { POLICY_ERROR_CODES } from './errors';
import {
  INSTALMENT_COUNT,
  PAYMENT_PLANS,
  availablePaymentPlans,
  bankTransferReference,
  buildSchedule,
  countryCheckDigit,
  dammCheckDigit,
  minDue,
  paymentState,
  policyNumberFromBankReference,
} from './payment-plan';
import { formatPolicyNumber, MAX_POLICY_SEQUENCE } from './policy-number';

const DEADLINE = '2027-05-31';

/** A purchase date 0..400 days before the deadline, a plan that fits, and a total it can split. */
const scheduleInput = fc
  .record({
    daysBefore: fc.integer({ min: 0, max: 400 }),
    plan: fc.constantFrom(...PAYMENT_PLANS),
    totalCents: fc.integer({ min: 4, max: 30_000_000 }),
  })
  .filter(({ daysBefore, plan }) => INSTALMENT_COUNT[plan] - 1 <= daysBefore)
  .map(({ daysBefore, plan, totalCents }) => ({ plan, totalCents, purchaseDate: addDays(DEADLINE, -daysBefore), deadline: DEADLINE }));

describe('buildSchedule', () => {
  it('splits EC$2,470.01 into 4: the odd cent on the first instalment, last due on the deadline', () => {
    const schedule = buildSchedule({ totalCents: 247_001, plan: 'INSTALMENTS_4', purchaseDate: '2027-01-10', deadline: DEADLINE });
    expect(schedule.instalments).toEqual([
      { number: 1, dueDate: '2027-01-10', amountCents: 61_751 },
      { number: 2, dueDate: '2027-02-26', amountCents: 61_750 },
      { number: 3, dueDate: '2027-04-14', amountCents: 61_750 },
      { number: 4, dueDate: '2027-05-31', amountCents: 61_750 },
    ]);
  });

  it('makes paying in full due by the deadline', () => {
    const schedule = buildSchedule({ totalCents: 247_000, plan: 'FULL', purchaseDate: '2027-01-10', deadline: DEADLINE });
    expect(schedule.instalments).toEqual([{ number: 1, dueDate: DEADLINE, amountCents: 247_000 }]);
  });

  it('always sums to the total; later instalments are equal and the first carries under n cents more', () => {
    fc.assert(
      fc.property(scheduleInput, (input) => {
        const amounts = buildSchedule(input).instalments.map((instalment) => instalment.amountCents);
        const [first = 0, ...rest] = amounts;
        expect(amounts).toHaveLength(INSTALMENT_COUNT[input.plan]);
        expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(input.totalCents);
        for (const amount of rest) {
          expect(amount).toBe(Math.floor(input.totalCents / amounts.length));
          expect(first - amount).toBeGreaterThanOrEqual(0);
          expect(first - amount).toBeLessThan(amounts.length);
        }
      }),
    );
  });

  it('dates: last on the deadline, first on the purchase date, one per day, gaps within a day of each other', () => {
    fc.assert(
      fc.property(scheduleInput, (input) => {
        const dates = buildSchedule(input).instalments.map((instalment) => instalment.dueDate);
        expect(dates.at(-1)).toBe(input.deadline);
        if (dates.length > 1) expect(dates[0]).toBe(input.purchaseDate);
        const gaps = dates.slice(1).map((date, index) => daysBetween(dates[index]!, date));
        for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1);
        if (gaps.length > 0) expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('refuses a purchase after the deadline with a clear message', () => {
    const error = (() => {
      try {
        buildSchedule({ totalCents: 247_000, plan: 'FULL', purchaseDate: '2027-06-01', deadline: DEADLINE });
      } catch (caught) {
        return caught as { code: string; message: string };
      }
      return null;
    })();
    expect(error).toMatchObject({
      code: POLICY_ERROR_CODES.PAYMENT_DEADLINE_PASSED,
      message: 'The payment deadline (31/05/2027) has passed, so this policy can no longer be bought',
    });
  });

  it('offers only the plans that leave each instalment its own day', () => {
    expect(availablePaymentPlans(DEADLINE, DEADLINE)).toEqual(['FULL']);
    expect(availablePaymentPlans('2027-05-30', DEADLINE)).toEqual(['FULL', 'INSTALMENTS_2']);
    expect(availablePaymentPlans('2027-05-28', DEADLINE)).toEqual(PAYMENT_PLANS);
    expect(() => buildSchedule({ totalCents: 247_000, plan: 'INSTALMENTS_4', purchaseDate: '2027-05-30', deadline: DEADLINE })).toThrow(
      'There is not enough time before the payment deadline (31/05/2027) for 4 instalments',
    );
  });

  it('refuses a total too small to split and a date that is not a date', () => {
    expect(() => buildSchedule({ totalCents: 3, plan: 'INSTALMENTS_4', purchaseDate: '2027-01-10', deadline: DEADLINE })).toThrow(
      'EC$0.03 cannot be split into 4 payments',
    );
    expect(() => buildSchedule({ totalCents: 100, plan: 'FULL', purchaseDate: '2027-02-30', deadline: DEADLINE })).toThrow('Purchase date must be a calendar date');
  });
});

describe('paymentState', () => {
  it('is pending, partly paid, then fully paid at the (discounted) premium', () => {
    expect(paymentState(247_000, 0)).toBe('PAYMENT_PENDING');
    expect(paymentState(247_000, 1)).toBe('PARTIALLY_PAID');
    expect(paymentState(247_000, 246_999)).toBe('PARTIALLY_PAID');
    expect(paymentState(247_000, 247_000)).toBe('FULLY_PAID');
    expect(() => paymentState(247_000, -1)).toThrow('Amounts cannot be negative');
  });
});

describe('minDue', () => {
  const schedule = buildSchedule({ totalCents: 247_001, plan: 'INSTALMENTS_4', purchaseDate: '2027-01-10', deadline: DEADLINE });

  it('asks for the next instalment by its date, or for everything overdue now', () => {
    expect(minDue(schedule, 0, '2027-01-09')).toEqual({ amountCents: 61_751, dueDate: '2027-01-10', overdue: false });
    expect(minDue(schedule, 0, '2027-01-10')).toEqual({ amountCents: 61_751, dueDate: '2027-01-10', overdue: true });
    expect(minDue(schedule, 61_751, '2027-01-11')).toEqual({ amountCents: 61_750, dueDate: '2027-02-26', overdue: false });
    expect(minDue(schedule, 10_000, '2027-03-01')).toEqual({ amountCents: 113_501, dueDate: '2027-01-10', overdue: true });
    expect(minDue(schedule, 247_001, DEADLINE)).toEqual({ amountCents: 0, dueDate: null, overdue: false });
  });

  it('never asks for more than what is left, asks for something until paid, and for all of it on the deadline', () => {
    fc.assert(
      fc.property(scheduleInput, fc.nat(), fc.integer({ min: -30, max: 430 }), (input, paidSeed, daysBefore) => {
        const plan = buildSchedule(input);
        const paid = paidSeed % (input.totalCents + 1);
        const today = addDays(input.deadline, -daysBefore);
        const due = minDue(plan, paid, today);
        expect(due.amountCents).toBeLessThanOrEqual(input.totalCents - paid);
        expect(due.amountCents > 0).toBe(paid < input.totalCents);
        if (daysBefore <= 0) expect(due.amountCents).toBe(input.totalCents - paid);
        // Paying the minimum due today leaves nothing overdue today.
        expect(minDue(plan, paid + due.amountCents, today).overdue).toBe(false);
      }),
    );
  });
});

describe('bank transfer reference', () => {
  const policyNumber = fc
    .record({ country: fc.constantFrom(...COUNTRY_CODES), seasonYear: fc.integer({ min: 2000, max: 2999 }), sequence: fc.integer({ min: 1, max: MAX_POLICY_SEQUENCE }) })
    .map(formatPolicyNumber);

  it('is the number without prefix and dashes plus a Damm check digit', () => {
    expect(dammCheckDigit('572')).toBe(4); // the published worked example of Damm's algorithm
    expect(bankTransferReference('FHP-GD-2027-000042')).toBe('GD20270000424');
    expect(policyNumberFromBankReference('gd 2027-000042 4')).toBe('FHP-GD-2027-000042');
  });

  it('round-trips and catches any single mistyped digit or swapped neighbouring digits', () => {
    fc.assert(
      fc.property(policyNumber, fc.nat(), fc.integer({ min: 1, max: 9 }), (number, position, delta) => {
        const reference = bankTransferReference(number);
        expect(policyNumberFromBankReference(reference)).toBe(number);
        const digits = reference.slice(2);
        const index = position % digits.length;
        const typo = digits.slice(0, index) + String((Number(digits[index]) + delta) % 10) + digits.slice(index + 1);
        expect(policyNumberFromBankReference(reference.slice(0, 2) + typo)).toBeNull();
        const swapAt = position % (digits.length - 1);
        if (digits[swapAt] !== digits[swapAt + 1]) {
          const swapped = digits.slice(0, swapAt) + digits[swapAt + 1] + digits[swapAt] + digits.slice(swapAt + 2);
          expect(policyNumberFromBankReference(reference.slice(0, 2) + swapped)).toBeNull();
        }
      }),
    );
  });

  it("refuses a reference copied with another country's code", () => {
    const digitsOfCountries = COUNTRY_CODES.map(countryCheckDigit);
    expect(new Set(digitsOfCountries).size).toBe(COUNTRY_CODES.length);
    fc.assert(
      fc.property(policyNumber, (number) => {
        const reference = bankTransferReference(number);
        const other = reference.startsWith('GD') ? 'DM' : 'GD';
        expect(policyNumberFromBankReference(other + reference.slice(2))).toBeNull();
      }),
    );
  });

  it('refuses what is not a reference', () => {
    expect(policyNumberFromBankReference('US20270000424')).toBeNull();
    expect(policyNumberFromBankReference('GD2027000042')).toBeNull();
    expect(() => bankTransferReference('FHP-GD-27-42')).toThrow('is not a policy number');
  });
});
