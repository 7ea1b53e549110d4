import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { POLICY_ERROR_CODES } from './errors';
import { paymentState } from './payment-plan';
import {
  POLICY_EVENT_TYPES,
  POLICY_LISTS,
  POLICY_STATUSES,
  POLICY_TRANSITIONS,
  POLICY_TYPES,
  STORM_TRIGGER_FROM_STATUSES,
  STORM_TRIGGER_TARGET,
  stormTriggeredStatus,
  allowedEvents,
  canRequestCancellation,
  followUpEvent,
  isArchived,
  isInPolicyList,
  newProvisionalPolicy,
  transition,
  type PolicyEvent,
  type PolicyEventType,
  type PolicyState,
  type PolicyStatus,
} from './status';

/** EC$2,470.00 premium on EC$25,000 coverage: the worked example. */
/** A payment made on time in the 2027 season (deadline May 31). */
const ON_TIME = { paidOn: '2027-03-10', season: { paymentDeadline: '2027-05-31' } } as const;

const fresh = (): PolicyState => newProvisionalPolicy({ payableCents: 247_000, coverageCents: 2_500_000 });

function run(policy: PolicyState, ...events: PolicyEvent[]): PolicyState {
  return events.reduce(transition, policy);
}

function errorOf(action: () => unknown): DomainError {
  try {
    action();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

/** A well-formed event of each type, so table checks are not confused by a bad payload. */
function sampleEvent(type: PolicyEventType, amountCents = 100): PolicyEvent {
  switch (type) {
    case 'PAYMENT_RECORDED':
    case 'PAYOUT_PAID':
      return type === 'PAYMENT_RECORDED' ? { type, amountCents, ...ON_TIME } : { type, amountCents };
    case 'CANCELLATION_REQUESTED':
      return { type, reason: 'Changed my mind' };
    default:
      return { type };
  }
}

const issued = () => run(fresh(), { type: 'PAYMENT_RECORDED', amountCents: 247_000, ...ON_TIME });
const monitoring = () => run(issued(), { type: 'SEASON_STARTED' });

describe('the policy lifecycle (product-decisions "Policy lifecycle")', () => {
  it('starts provisional and payment pending', () => {
    expect(fresh()).toMatchObject({ type: 'PROVISIONAL', status: 'PAYMENT_PENDING', paidCents: 0 });
  });

  it('stays PAYMENT_PENDING while partly paid: PARTIALLY_PAID is the payment state, not a status', () => {
    const partly = run(fresh(), { type: 'PAYMENT_RECORDED', amountCents: 100_000, ...ON_TIME });
    expect(partly).toMatchObject({ type: 'PROVISIONAL', status: 'PAYMENT_PENDING', paidCents: 100_000 });
    expect(paymentState(partly.payableCents, partly.paidCents)).toBe('PARTIALLY_PAID');
    expect(isInPolicyList('provisional', partly)).toBe(true);
  });

  it('issues the contract (ACTUAL, ISSUED) when the payments reach the payable premium', () => {
    const done = run(fresh(), { type: 'PAYMENT_RECORDED', amountCents: 123_500, ...ON_TIME }, { type: 'PAYMENT_RECORDED', amountCents: 123_500, ...ON_TIME });
    expect(done).toMatchObject({ type: 'ACTUAL', status: 'ISSUED', paidCents: 247_000 });
  });

  it('refuses a payment above what is still due, naming both amounts', () => {
    const partly = run(fresh(), { type: 'PAYMENT_RECORDED', amountCents: 200_000, ...ON_TIME });
    const error = errorOf(() => transition(partly, { type: 'PAYMENT_RECORDED', amountCents: 47_001, ...ON_TIME }));
    expect(error.code).toBe(POLICY_ERROR_CODES.INVALID_PAYMENT);
    expect(error.message).toBe('The payment of EC$470.01 is more than the EC$470.00 still due');
    expect(() => transition(partly, { type: 'PAYMENT_RECORDED', amountCents: 0, ...ON_TIME })).toThrow('A payment must be more than EC$0.00');
  });

  it('refuses a payment made after the payment deadline, naming the deadline, and counts one made on it', () => {
    const late = { type: 'PAYMENT_RECORDED', amountCents: 247_000, paidOn: '2027-06-01', season: ON_TIME.season } as const;
    const error = errorOf(() => transition(fresh(), late));
    expect(error.code).toBe(POLICY_ERROR_CODES.PAYMENT_DEADLINE_PASSED);
    expect(error.message).toBe('A payment made on 01/06/2027 cannot be recorded: the premium was due by the payment deadline of 31/05/2027');
    expect(transition(fresh(), { ...late, paidOn: '2027-05-31' })).toMatchObject({ status: 'ISSUED', type: 'ACTUAL' });
  });

  it('runs monitoring, trigger, payout, acknowledgement and back to monitoring', () => {
    const paid = run(monitoring(), { type: 'STORM_TRIGGERED' }, { type: 'PAYOUT_PAID', amountCents: 1_250_000 });
    expect(paid).toMatchObject({ status: 'PAYOUT_CONFIRMATION', paidOutCents: 1_250_000 });
    const acknowledged = transition(paid, { type: 'PAYOUT_ACKNOWLEDGED' });
    expect(acknowledged.status).toBe('PAYOUT_ACKNOWLEDGED');
    expect(followUpEvent(acknowledged)).toEqual({ type: 'MONITORING_RESUMED' });
    expect(transition(acknowledged, { type: 'MONITORING_RESUMED' }).status).toBe('EVENT_MONITORING');
  });

  it('rests in PAYOUT_ACKNOWLEDGED once 100% of coverage is paid out, and caps payouts at coverage', () => {
    const full = run(
      monitoring(),
      { type: 'STORM_TRIGGERED' },
      { type: 'PAYOUT_PAID', amountCents: 2_500_000 },
      { type: 'PAYOUT_ACKNOWLEDGED' },
    );
    expect(followUpEvent(full)).toBeNull();
    expect(() => transition(full, { type: 'MONITORING_RESUMED' })).toThrow("This policy's coverage has been paid out in full");
    expect(transition(full, { type: 'COVER_ENDED' }).status).toBe('EXPIRED');

    const half = run(monitoring(), { type: 'STORM_TRIGGERED' }, { type: 'PAYOUT_PAID', amountCents: 1_250_000 }, { type: 'PAYOUT_ACKNOWLEDGED' }, { type: 'MONITORING_RESUMED' }, { type: 'STORM_TRIGGERED' });
    const error = errorOf(() => transition(half, { type: 'PAYOUT_PAID', amountCents: 1_250_001 }));
    expect(error.code).toBe(POLICY_ERROR_CODES.PAYOUT_ABOVE_COVERAGE);
    expect(error.message).toBe('A payout of EC$12,500.01 would exceed 100% of the coverage: EC$12,500.00 remains');
  });

  it('wires and acknowledges every payout when a second storm (or a top-up) comes while one is open', () => {
    // Second storm while the first payout waits for its wire: both are wired, then both acknowledged.
    const two = run(monitoring(), { type: 'STORM_TRIGGERED' }, { type: 'STORM_TRIGGERED' });
    expect(two).toMatchObject({ status: 'PAYOUT_INTIMATION', pendingPayouts: 2 });
    const oneWired = transition(two, { type: 'PAYOUT_PAID', amountCents: 500_000 });
    expect(oneWired).toMatchObject({ status: 'PAYOUT_INTIMATION', pendingPayouts: 1, unacknowledgedPayouts: 1 });
    // The wired one can be acknowledged while the other still waits: the policy keeps waiting for the wire.
    const firstAcknowledged = transition(oneWired, { type: 'PAYOUT_ACKNOWLEDGED' });
    expect(firstAcknowledged).toMatchObject({ status: 'PAYOUT_INTIMATION', pendingPayouts: 1, unacknowledgedPayouts: 0 });
    const bothWired = transition(firstAcknowledged, { type: 'PAYOUT_PAID', amountCents: 500_000 });
    expect(bothWired).toMatchObject({ status: 'PAYOUT_CONFIRMATION', pendingPayouts: 0, unacknowledgedPayouts: 1, paidOutCents: 1_000_000 });
    const done = transition(bothWired, { type: 'PAYOUT_ACKNOWLEDGED' });
    expect(done.status).toBe('PAYOUT_ACKNOWLEDGED');
    expect(followUpEvent(done)).toEqual({ type: 'MONITORING_RESUMED' });

    // A storm while a wired payout waits for acknowledgement: intimation again; each is closed in turn.
    const confirming = run(monitoring(), { type: 'STORM_TRIGGERED' }, { type: 'PAYOUT_PAID', amountCents: 500_000 });
    const again = transition(confirming, { type: 'STORM_TRIGGERED' });
    expect(again).toMatchObject({ status: 'PAYOUT_INTIMATION', pendingPayouts: 1, unacknowledgedPayouts: 1 });
    const wired = transition(again, { type: 'PAYOUT_PAID', amountCents: 250_000 });
    expect(wired).toMatchObject({ status: 'PAYOUT_CONFIRMATION', unacknowledgedPayouts: 2 });
    expect(transition(wired, { type: 'PAYOUT_ACKNOWLEDGED' })).toMatchObject({ status: 'PAYOUT_CONFIRMATION', unacknowledgedPayouts: 1 });
    expect(run(wired, { type: 'PAYOUT_ACKNOWLEDGED' }, { type: 'PAYOUT_ACKNOWLEDGED' }).status).toBe('PAYOUT_ACKNOWLEDGED');
  });

  it('refuses a wire with no payout waiting, and an acknowledgement with no wired payout', () => {
    const confirming = run(monitoring(), { type: 'STORM_TRIGGERED' }, { type: 'PAYOUT_PAID', amountCents: 500_000 });
    expect(errorOf(() => transition(confirming, { type: 'PAYOUT_PAID', amountCents: 1 })).message).toBe('A policy that is PAYOUT_CONFIRMATION cannot have a payout recorded as paid');
    const waiting = run(monitoring(), { type: 'STORM_TRIGGERED' });
    expect(errorOf(() => transition(waiting, { type: 'PAYOUT_ACKNOWLEDGED' })).message).toBe('This policy has no paid payout waiting for acknowledgement');
    expect(errorOf(() => transition({ ...waiting, pendingPayouts: 0 }, { type: 'PAYOUT_PAID', amountCents: 1 })).message).toBe('This policy has no payout waiting for its wire transfer');
  });

  it('lets the holder acknowledge a wired payout after the cover ended; the policy stays expired', () => {
    const expired = run(monitoring(), { type: 'STORM_TRIGGERED' }, { type: 'PAYOUT_PAID', amountCents: 500_000 }, { type: 'COVER_ENDED' });
    expect(expired).toMatchObject({ status: 'EXPIRED', unacknowledgedPayouts: 1 });
    expect(transition(expired, { type: 'PAYOUT_ACKNOWLEDGED' })).toMatchObject({ status: 'EXPIRED', unacknowledgedPayouts: 0 });
    expect(() => transition(run(monitoring(), { type: 'COVER_ENDED' }), { type: 'PAYOUT_ACKNOWLEDGED' })).toThrow('This policy has no paid payout waiting for acknowledgement');
  });

  it('names the statuses a storm triggers from and where each leads, for the set-based engine', () => {
    expect(STORM_TRIGGER_FROM_STATUSES).toEqual(['ISSUED', 'EVENT_MONITORING', 'PAYOUT_INTIMATION', 'PAYOUT_CONFIRMATION', 'PAYOUT_ACKNOWLEDGED', 'EXPIRED']);
    expect(STORM_TRIGGER_TARGET).toBe('PAYOUT_INTIMATION');
    for (const status of STORM_TRIGGER_FROM_STATUSES) {
      const state = { ...monitoring(), status, pendingPayouts: status === 'PAYOUT_INTIMATION' ? 1 : 0, unacknowledgedPayouts: status === 'PAYOUT_CONFIRMATION' ? 1 : 0 };
      expect(transition(state, { type: 'STORM_TRIGGERED' }).status).toBe(stormTriggeredStatus(status));
    }
    expect(stormTriggeredStatus('EXPIRED')).toBe('EXPIRED');
    expect(stormTriggeredStatus('ISSUED')).toBe('PAYOUT_INTIMATION');
    expect(stormTriggeredStatus('PAYMENT_PENDING')).toBeNull();
    expect(stormTriggeredStatus('CANCELED')).toBeNull();
  });

  it('pays an issued policy whose June 1 step has not run: the payout is what it waits for', () => {
    expect(transition(issued(), { type: 'STORM_TRIGGERED' })).toMatchObject({ status: 'PAYOUT_INTIMATION', pendingPayouts: 1 });
  });

  it('pays an expired policy for a storm of its term without moving it: wired and acknowledged, it stays EXPIRED', () => {
    const expired = run(monitoring(), { type: 'COVER_ENDED' });
    const owed = transition(expired, { type: 'STORM_TRIGGERED' });
    expect(owed).toMatchObject({ status: 'EXPIRED', pendingPayouts: 1 });
    const wired = transition(owed, { type: 'PAYOUT_PAID', amountCents: 500_000 });
    expect(wired).toMatchObject({ status: 'EXPIRED', pendingPayouts: 0, unacknowledgedPayouts: 1, paidOutCents: 500_000 });
    expect(transition(wired, { type: 'PAYOUT_ACKNOWLEDGED' })).toMatchObject({ status: 'EXPIRED', unacknowledgedPayouts: 0 });
    expect(errorOf(() => transition(expired, { type: 'PAYOUT_PAID', amountCents: 1 })).message).toBe('This policy has no payout waiting for its wire transfer');
  });

  it('cancels an unpaid provisional policy at the deadline and flags partial payments for refund', () => {
    expect(run(fresh(), { type: 'PAYMENT_DEADLINE_PASSED' })).toMatchObject({ status: 'CANCELED', refundDueCents: 0 });
    const partly = run(fresh(), { type: 'PAYMENT_RECORDED', amountCents: 61_750, ...ON_TIME }, { type: 'PAYMENT_DEADLINE_PASSED' });
    expect(partly).toMatchObject({ type: 'PROVISIONAL', status: 'CANCELED', refundDueCents: 61_750 });
  });

  it('handles a cancellation request: reason required, one at a time, approved or rejected by an admin', () => {
    expect(() => transition(fresh(), { type: 'CANCELLATION_REQUESTED', reason: '   ' })).toThrow('Reason is required');
    const requested = transition(fresh(), { type: 'CANCELLATION_REQUESTED', reason: '  Found cheaper cover ' });
    expect(requested).toMatchObject({ status: 'PAYMENT_PENDING', cancellationRequest: { reason: 'Found cheaper cover' } });
    expect(canRequestCancellation(requested)).toBe(false);
    expect(() => transition(requested, { type: 'CANCELLATION_REQUESTED', reason: 'again' })).toThrow('already waiting for review');

    expect(transition(requested, { type: 'CANCELLATION_APPROVED' })).toMatchObject({ status: 'CANCELED', cancellationRequest: null });
    const rejected = transition(requested, { type: 'CANCELLATION_REJECTED' });
    expect(rejected).toMatchObject({ status: 'PAYMENT_PENDING', cancellationRequest: null });
    expect(() => transition(rejected, { type: 'CANCELLATION_APPROVED' })).toThrow('There is no cancellation request to approve');
  });

  it('drops a pending cancellation request when full payment issues the policy', () => {
    const requested = transition(fresh(), { type: 'CANCELLATION_REQUESTED', reason: 'Not sure' });
    expect(transition(requested, { type: 'PAYMENT_RECORDED', amountCents: 247_000, ...ON_TIME })).toMatchObject({ status: 'ISSUED', cancellationRequest: null });
  });

  it.each([
    [() => run(monitoring(), { type: 'COVER_ENDED' }), 'CANCELLATION_REQUESTED', 'A policy that is EXPIRED cannot be canceled'],
    [issued, 'CANCELLATION_REQUESTED', 'A policy that is ISSUED cannot be canceled'],
    [issued, 'PAYMENT_RECORDED', 'A policy that is ISSUED cannot receive a payment'],
    [fresh, 'STORM_TRIGGERED', 'A policy that is PAYMENT_PENDING cannot trigger a payout'],
    [() => run(monitoring(), { type: 'STORM_TRIGGERED' }), 'COVER_ENDED', 'A policy that is PAYOUT_INTIMATION cannot expire'],
  ] as const)('refuses with a clear message (%#: %s)', (state, event, message) => {
    const error = errorOf(() => transition(state(), sampleEvent(event)));
    expect(error.code).toBe(POLICY_ERROR_CODES.INVALID_TRANSITION);
    expect(error.message).toBe(message);
  });
});

describe('the transition table', () => {
  /** Open payouts as a stored policy has them: the status says what they wait for. */
  const openPayouts = (status: PolicyStatus) =>
    fc.record({
      pendingPayouts: status === 'PAYOUT_INTIMATION' ? fc.integer({ min: 1, max: 3 }) : status === 'EXPIRED' ? fc.integer({ min: 0, max: 3 }) : fc.constant(0),
      unacknowledgedPayouts:
        status === 'PAYOUT_CONFIRMATION' ? fc.integer({ min: 1, max: 3 }) : ['PAYOUT_INTIMATION', 'EXPIRED'].includes(status) ? fc.integer({ min: 0, max: 3 }) : fc.constant(0),
    });
  const arbitraryState = fc.constantFrom(...POLICY_STATUSES).chain((status) =>
    fc
      .record({
        type: fc.constantFrom(...POLICY_TYPES),
        status: fc.constant(status),
        payableCents: fc.integer({ min: 1, max: 30_000_000 }),
        paidCents: fc.integer({ min: 0, max: 30_000_000 }),
        coverageCents: fc.integer({ min: 1, max: 30_000_000 }),
        paidOutCents: fc.integer({ min: 0, max: 30_000_000 }),
        open: openPayouts(status),
        cancellationRequest: fc.option(fc.constant({ reason: 'why' }), { nil: null }),
        refundDueCents: fc.constant(0),
      })
      .map(({ open, ...state }): PolicyState => ({ ...state, ...open })),
  );

  it('refuses every (status, event) pair that is not in the table, whatever the amounts', () => {
    fc.assert(
      fc.property(arbitraryState, fc.constantFrom(...POLICY_EVENT_TYPES), fc.integer({ min: 1, max: 1_000_000 }), (state, type, amount) => {
        fc.pre(POLICY_TRANSITIONS[type][state.status] === undefined);
        const error = errorOf(() => transition(state, sampleEvent(type, amount)));
        expect(error.code).toBe(POLICY_ERROR_CODES.INVALID_TRANSITION);
        expect(error.message).toMatch(new RegExp(`^A policy that is ${state.status} cannot `));
      }),
    );
  });

  it('leads only to a status the table lists for the pair (or a guard refuses)', () => {
    fc.assert(
      fc.property(arbitraryState, fc.constantFrom(...POLICY_EVENT_TYPES), fc.integer({ min: 1, max: 1_000_000 }), (state, type, amount) => {
        const targets = POLICY_TRANSITIONS[type][state.status];
        fc.pre(targets !== undefined);
        let next: PolicyState;
        try {
          next = transition(state, sampleEvent(type, amount));
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
          return;
        }
        expect(targets).toContain(next.status);
      }),
    );
  });

  it('lists the allowed events of a status from the table', () => {
    expect(allowedEvents('PAYMENT_PENDING')).toEqual([
      'PAYMENT_RECORDED',
      'PAYMENT_DEADLINE_PASSED',
      'CANCELLATION_REQUESTED',
      'CANCELLATION_APPROVED',
      'CANCELLATION_REJECTED',
    ]);
    expect(allowedEvents('EXPIRED')).toEqual(['STORM_TRIGGERED', 'PAYOUT_PAID', 'PAYOUT_ACKNOWLEDGED']);
    expect(allowedEvents('CANCELED')).toEqual([]);
  });
});

describe('reachable policies', () => {
  /** Any sequence of events from a fresh purchase; refused events are skipped, as the server would. */
  const walk = fc.array(
    fc.oneof(
      fc.record({
        type: fc.constant('PAYMENT_RECORDED' as const),
        amountCents: fc.integer({ min: 1, max: 300_000 }),
        paidOn: fc.constantFrom('2027-03-10', '2027-05-31', '2027-06-01'),
        season: fc.constant(ON_TIME.season),
      }),
      fc.record({ type: fc.constant('PAYOUT_PAID' as const), amountCents: fc.integer({ min: 1, max: 3_000_000 }) }),
      fc.record({ type: fc.constant('CANCELLATION_REQUESTED' as const), reason: fc.string() }),
      fc.constantFrom(
        ...(['SEASON_STARTED', 'STORM_TRIGGERED', 'PAYOUT_ACKNOWLEDGED', 'MONITORING_RESUMED', 'COVER_ENDED', 'PAYMENT_DEADLINE_PASSED', 'CANCELLATION_APPROVED', 'CANCELLATION_REJECTED'] as const).map(
          (type) => ({ type }) as PolicyEvent,
        ),
      ),
    ),
    { maxLength: 40 },
  );

  it('keep the invariants: one list each, ACTUAL exactly when paid, amounts within bounds', () => {
    fc.assert(
      fc.property(walk, (events) => {
        let policy = fresh();
        for (const event of events) {
          try {
            policy = transition(policy, event);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
          }
          expect(POLICY_LISTS.filter((list) => isInPolicyList(list, policy))).toHaveLength(1);
          expect(isInPolicyList('archived', policy)).toBe(isArchived(policy.status));
          expect(policy.type === 'ACTUAL').toBe(policy.paidCents === policy.payableCents);
          expect(policy.paidCents).toBeLessThanOrEqual(policy.payableCents);
          expect(policy.paidOutCents).toBeLessThanOrEqual(policy.coverageCents);
          if (policy.type === 'PROVISIONAL') expect(['PAYMENT_PENDING', 'CANCELED']).toContain(policy.status);
          if (policy.refundDueCents > 0) expect(policy.status).toBe('CANCELED');
          // The status says what the open payouts wait for, and every open payout can be closed.
          if (policy.pendingPayouts > 0) expect(['PAYOUT_INTIMATION', 'EXPIRED']).toContain(policy.status);
          else if (policy.unacknowledgedPayouts > 0) expect(['PAYOUT_CONFIRMATION', 'EXPIRED']).toContain(policy.status);
          if (policy.pendingPayouts > 0) expect(() => transition(policy, { type: 'PAYOUT_PAID', amountCents: 1 })).not.toThrow();
          if (policy.unacknowledgedPayouts > 0) expect(transition(policy, { type: 'PAYOUT_ACKNOWLEDGED' }).unacknowledgedPayouts).toBe(policy.unacknowledgedPayouts - 1);
        }
      }),
    );
  });
});

describe('list filters (part 2 section 7)', () => {
  it('match the spec', () => {
    expect(isInPolicyList('actual', { type: 'ACTUAL', status: 'EVENT_MONITORING' })).toBe(true);
    expect(isInPolicyList('actual', { type: 'ACTUAL', status: 'EXPIRED' })).toBe(false);
    expect(isInPolicyList('provisional', { type: 'PROVISIONAL', status: 'PAYMENT_PENDING' })).toBe(true);
    expect(isInPolicyList('provisional', { type: 'PROVISIONAL', status: 'CANCELED' })).toBe(false);
    expect(isInPolicyList('archived', { type: 'PROVISIONAL', status: 'CANCELED' })).toBe(true);
    expect(isInPolicyList('archived', { type: 'ACTUAL', status: 'EXPIRED' })).toBe(true);
  });
});
