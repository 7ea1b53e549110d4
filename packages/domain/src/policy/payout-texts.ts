import { formatLocalMediumDate } from '../date-format';
import type { InstantInput } from '../local-time';
import { formatMoney } from '../money';
import { stormDisplayName } from '../storms/label';

/**
 * The texts a holder with a verified phone receives at each step of a payout (issue 20 item 9):
 * created by a storm, wired, and a reminder to acknowledge it a week after the wire. Each fits one
 * plain SMS (160 GSM-7 characters, sms.ts) for any amount, policy number and storm name we
 * produce, and says everything without a link: after a hurricane the holder may have a phone that
 * receives texts and nothing else. "FHP" is the prefix the policy numbers already carry.
 */

/** Longer storm names are cut (with a full stop) so that the text still fits one part. */
const STORM_NAME_MAX = 20;

function shortStormName(name: string): string {
  const display = stormDisplayName(name);
  return display.length <= STORM_NAME_MAX ? display : `${display.slice(0, STORM_NAME_MAX - 1).trimEnd()}.`;
}

export interface PayoutTextInput {
  policyNumber: string;
  amountCents: number;
  /** The storm's HURDAT2 name (JANET EXERCISE); null for a payout made by hand. */
  stormName: string | null;
}

/** The trigger engine created the payout: what, on which policy, from which storm, and what happens next. */
export function payoutCreatedText(input: PayoutTextInput): string {
  const cause = input.stormName ? `${shortStormName(input.stormName)} met the terms of policy ${input.policyNumber}` : `Policy ${input.policyNumber} is due a payout`;
  return `FHP: ${cause}. A payout of ${formatMoney(input.amountCents)} will be wired to your bank within 15 days. No claim needed.`;
}

/** An administrator recorded the wire transfer. */
export function payoutWiredText(input: PayoutTextInput & { paidAt: InstantInput }): string {
  return `FHP: the payout of ${formatMoney(input.amountCents)} on policy ${input.policyNumber} was wired to your bank on ${formatLocalMediumDate(input.paidAt)}. Please acknowledge it once received.`;
}

/** Days after the wire when a holder who has not acknowledged it is reminded. */
export const PAYOUT_ACKNOWLEDGE_REMINDER_DAYS = 7;

/** A week after the wire, not acknowledged yet: how to acknowledge, without a link. */
export function payoutAcknowledgeReminderText(input: PayoutTextInput & { paidAt: InstantInput }): string {
  return `FHP: we wired ${formatMoney(input.amountCents)} on policy ${input.policyNumber} on ${formatLocalMediumDate(input.paidAt)}. Once received, sign in, open the policy, tap Acknowledge payout.`;
}
