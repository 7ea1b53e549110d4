import { CRIME_FLAGS } from './forms';
import { toTermsData, type SelectableEntry, type TermsData } from '../policy/purchase';

/**
 * Why a well-formed PurchasePolicy is still refused, in the customer's words. The closed window is
 * the spec's text (part 1 section 8); the others are ours.
 */
export const PURCHASE_REFUSALS = {
  windowClosed: 'Policy Purchase Window Closed',
  kycRequired: 'Please complete your KYC details before buying a policy.', // ours
  offerStopsPurchase: 'Policies for this country cannot be bought at the moment.', // ours, when an offer says canPurchase false without a message
} as const;

export const PURCHASE_REFUSAL_CODES = {
  PURCHASE_WINDOW_CLOSED: 'PURCHASE_WINDOW_CLOSED',
  KYC_REQUIRED: 'KYC_REQUIRED',
  PURCHASE_NOT_ALLOWED: 'PURCHASE_NOT_ALLOWED',
  /** The price the customer saw is no longer the price (domain `PRICE_CHANGED_MESSAGES`): review it. */
  PRICE_CHANGED: 'PRICE_CHANGED',
  /** The holder already holds the most policies or cover allowed in the country and season (`holderLimitRefusal`). */
  HOLDER_LIMIT_REACHED: 'HOLDER_LIMIT_REACHED',
} as const;

/**
 * The stored terms (politicallyExposed and the charged map) from the purchase input's entries, by
 * the same rule as the terms form: a ticked "not charged" box means not charged.
 */
export function termsDataFromEntries(entries: readonly SelectableEntry[]): TermsData {
  const selected = (value: string) => entries.some((entry) => entry.value === value && entry.selected);
  const flags = Object.fromEntries(CRIME_FLAGS.map((flag) => [flag, selected(flag)]));
  return toTermsData({
    pep: selected('politicallyExposed') ? 'pepYes' : 'pepNo',
    ...(flags as Record<(typeof CRIME_FLAGS)[number], true>),
    declare: true,
  });
}
