import { z } from 'zod';
import { ARCHIVED_STATUSES, canRequestCancellation, type PolicyStatus, type PolicyType } from './status';

/**
 * The holder's three policy lists (spec part 2 section 7, getMyPolicies):
 * - ACTUAL: type ACTUAL and status not EXPIRED (an actual policy cannot be canceled);
 * - PROVISIONAL: type PROVISIONAL and status PAYMENT_PENDING (awaiting payment);
 * - ARCHIVED: status EXPIRED or CANCELED, whatever the type.
 * Newest purchase first; skip 0 and limit 10 by default (section 9).
 */
export const MY_POLICY_LISTS = ['ACTUAL', 'PROVISIONAL', 'ARCHIVED'] as const;
export type MyPolicyList = (typeof MY_POLICY_LISTS)[number];

export const MY_POLICIES_PAGE_SIZE = 10;
/** Most a page may ask for: a phone shows ten, nothing needs more than fifty at once. */
export const MY_POLICIES_MAX_LIMIT = 50;

export interface MyPolicyFilter {
  types: readonly PolicyType[] | null;
  statuses: { in: readonly PolicyStatus[] } | { notIn: readonly PolicyStatus[] };
}

/** Each list as a filter on (type, status), so the server's query and `isInList` cannot disagree. */
export const MY_POLICY_FILTERS: Readonly<Record<MyPolicyList, MyPolicyFilter>> = {
  ACTUAL: { types: ['ACTUAL'], statuses: { notIn: ['EXPIRED'] } },
  PROVISIONAL: { types: ['PROVISIONAL'], statuses: { in: ['PAYMENT_PENDING'] } },
  ARCHIVED: { types: null, statuses: { in: ARCHIVED_STATUSES } },
};

export function isInList(list: MyPolicyList, policy: { type: PolicyType; status: PolicyStatus }): boolean {
  const filter = MY_POLICY_FILTERS[list];
  if (filter.types && !filter.types.includes(policy.type)) return false;
  return 'in' in filter.statuses ? filter.statuses.in.includes(policy.status) : !filter.statuses.notIn.includes(policy.status);
}

export const MY_POLICIES_MESSAGES = {
  unknownList: 'Please choose actual, provisional or archived policies', // ours
  limitRange: `Limit must be a whole number from 1 to ${MY_POLICIES_MAX_LIMIT}`, // ours
  skipNegative: 'Skip must be a whole number of 0 or more', // ours
  policyNumberTooLong: 'Policy number must be at most 40 characters', // ours
  notFound: 'This policy was not found.', // ours, the same sentence as a cancellation's unknown policy
} as const;

const list = z.enum(MY_POLICY_LISTS, { error: MY_POLICIES_MESSAGES.unknownList });

/** skip (default 0) and limit (default 10, at most 50), shared by the holder's paged lists. */
const pagingFields = {
  limit: z
    .number({ error: MY_POLICIES_MESSAGES.limitRange })
    .int(MY_POLICIES_MESSAGES.limitRange)
    .min(1, MY_POLICIES_MESSAGES.limitRange)
    .max(MY_POLICIES_MAX_LIMIT, MY_POLICIES_MESSAGES.limitRange)
    .nullish()
    .transform((value) => value ?? MY_POLICIES_PAGE_SIZE),
  skip: z
    .number({ error: MY_POLICIES_MESSAGES.skipNegative })
    .int(MY_POLICIES_MESSAGES.skipNegative)
    .min(0, MY_POLICIES_MESSAGES.skipNegative)
    .nullish()
    .transform((value) => value ?? 0),
};

/** getMyPolicies' input. `policyNumber` narrows to numbers containing it (the archive's filter). */
export const myPoliciesInputSchema = z.object({
  list,
  policyNumber: z
    .string()
    .trim()
    .max(40, MY_POLICIES_MESSAGES.policyNumberTooLong)
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : undefined)),
  ...pagingFields,
});
export type MyPoliciesInput = z.input<typeof myPoliciesInputSchema>;
export type MyPoliciesQuery = z.output<typeof myPoliciesInputSchema>;

/**
 * getMyPayouts' input (spec part 2 section 7: "where policyId equals", with paging): the policy by
 * its id or its number; without it, every payout of the caller's own policies.
 */
export const myPayoutsInputSchema = z.object({
  where: z
    .object({ policyId: z.object({ equals: z.string().trim().max(40, MY_POLICIES_MESSAGES.notFound) }).nullish() })
    .nullish(),
  ...pagingFields,
});
export type MyPayoutsInput = z.input<typeof myPayoutsInputSchema>;

/** getMyPolicyDetail's input: the policy number from the address, and the list the address names. */
export const myPolicyDetailInputSchema = z.object({
  policyNumber: z.string({ error: MY_POLICIES_MESSAGES.notFound }).trim().min(1, MY_POLICIES_MESSAGES.notFound).max(40, MY_POLICIES_MESSAGES.notFound),
  list: list.nullish().transform((value) => value ?? undefined),
});

export const POLICY_DETAIL_ACTIONS = ['cancel', 'acknowledgePayout', 'viewTransaction', 'analytics'] as const;
export type PolicyDetailAction = (typeof POLICY_DETAIL_ACTIONS)[number];

/** What the detail page's buttons need to know about the policy it shows. */
export interface PolicyDetailFacts {
  type: PolicyType;
  status: PolicyStatus;
  cancellationPending: boolean;
  blockchainTxnURL: string | null;
  payouts: readonly { status: string; acknowledged: boolean }[];
}

/**
 * The policy detail's buttons (spec part 2 section 4), by the list the address names (`view`):
 * - cancel on a provisional view, unless the policy is CANCELED or EXPIRED (the state machine
 *   allows a request from PAYMENT_PENDING only), and not while a request waits (ours);
 * - acknowledge on an actual view when some payout is PAID and not yet acknowledged;
 * - view the transaction for an ACTUAL policy with a proof-ledger link;
 * - the Tropical Cyclone Tracker (analytics) on the actual view, and on an archived ACTUAL policy
 *   (issue 20 item 5: the storms of an expired cover term, and the proof of what they paid).
 */
export function policyDetailActions(view: MyPolicyList, policy: PolicyDetailFacts): PolicyDetailAction[] {
  const actions: PolicyDetailAction[] = [];
  const request = policy.cancellationPending ? { reason: 'pending' } : null;
  if (view === 'PROVISIONAL' && canRequestCancellation({ status: policy.status, cancellationRequest: request })) actions.push('cancel');
  // An actual policy's payout wired before its cover ended is acknowledged from the archive too.
  if (view !== 'PROVISIONAL' && policy.type === 'ACTUAL' && policy.payouts.some((payout) => payout.status === 'PAID' && !payout.acknowledged)) {
    actions.push('acknowledgePayout');
  }
  if (policy.type === 'ACTUAL' && policy.blockchainTxnURL) actions.push('viewTransaction');
  if (view === 'ACTUAL' || (view === 'ARCHIVED' && policy.type === 'ACTUAL')) actions.push('analytics');
  return actions;
}
