import { formatLongDate } from '../date-format';
import { COUNTRIES, isCountryCode } from '../countries';
import { formatMoney } from '../money';
import { CYCLONE_CLASS_LABELS, OPTION_LABELS } from '../options';
import { PAYMENT_CHANNEL_LABELS } from '../policy/payment-plan';
import { POLICY_STATUS_LABELS } from '../policy/status';
import { stormLabel } from '../storms/label';

/**
 * A proof-ledger entry's details in words (issue 20 item 4): the explorer page showed the stored
 * record as it is ("Country gd", "Option 2", "Premium paid cents 252300", "Storm AL052026"). Each
 * known key is written as a holder reads it: the island's name, the option's label, EC$ amounts,
 * the storm's name with its id, dates and statuses in words. The record itself, byte for byte,
 * stays on the page under "Technical details".
 */

export interface LedgerFact {
  label: string;
  value: string;
}

/** Outside the facts: the storm's stored name is written with the storm. */
const FOLDED = new Set(['name']);

const REASONS: Readonly<Record<string, string>> = {
  HOLDER_REQUEST: 'The holder asked to cancel it, and the request was approved',
  PAYMENT_DEADLINE: 'The premium was not paid in full by the payment deadline',
};

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown) => String(value);
const cents = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? formatMoney(value) : text(value));
const percent = (value: unknown) => (typeof value === 'number' ? `${value}% of the coverage` : text(value));
const status = (value: unknown) => (POLICY_STATUS_LABELS as Record<string, string>)[text(value)] ?? text(value);
const cycloneClass = (value: unknown) => (value === 'none' ? 'None' : ((CYCLONE_CLASS_LABELS as Record<string, string>)[text(value)] ?? text(value)));
const optionLabel = (value: unknown) => (OPTION_LABELS as Record<string, string>)[text(value)] ?? `Option ${text(value)}`;
const season = (value: unknown) => (typeof value === 'number' ? `${value} (June 1, ${value} to May 31, ${value + 1})` : text(value));

/** "premiumPaidCents" reads "Premium paid cents": the words of a key nobody wrote a label for. */
function humanKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
    .replace(/ [A-Z]/g, (c) => c.toLowerCase());
}

function fact(key: string, value: unknown, data: Record<string, unknown>, stormName: string | null): LedgerFact {
  switch (key) {
    case 'policyNumber':
      return { label: 'Policy number', value: text(value) };
    case 'from':
      return { label: 'Status before', value: status(value) };
    case 'to':
      return { label: 'Status after', value: status(value) };
    case 'country':
      return { label: 'Country', value: isCountryCode(text(value)) ? COUNTRIES[text(value) as keyof typeof COUNTRIES].name : text(value) };
    case 'option':
      return { label: 'Option', value: optionLabel(value) };
    case 'seasonYear':
    case 'season':
      return { label: 'Season', value: season(value) };
    case 'premiumPaidCents':
      return { label: 'Premium paid', value: cents(value) };
    case 'refundDueCents':
      return { label: 'Refund due', value: cents(value) };
    case 'storm': {
      if (value === 'manual') return { label: 'Storm', value: 'None: a payout made by hand' };
      const name = typeof data.name === 'string' ? data.name : stormName;
      return { label: 'Storm', value: stormLabel({ id: text(value), name }) };
    }
    case 'version':
      return { label: 'Track version', value: text(value) };
    case 'c1':
      return { label: 'Strongest within 25 km (box 1)', value: cycloneClass(value) };
    case 'c2':
      return { label: 'Strongest within 100 km (box 2)', value: cycloneClass(value) };
    case 'percent':
      return { label: 'Share paid', value: percent(value) };
    case 'contractPercent':
      return { label: 'Share the contract gives', value: percent(value) };
    case 'receiptNumber':
      return { label: 'Receipt number', value: text(value) };
    case 'channel':
      return { label: 'Paid', value: (PAYMENT_CHANNEL_LABELS as Record<string, string>)[text(value)] ?? text(value) };
    case 'paidOn':
      return { label: 'Paid on', value: /^\d{4}-\d{2}-\d{2}$/.test(text(value)) ? formatLongDate(text(value)) : text(value) };
    case 'reason':
      return { label: 'Why', value: REASONS[text(value)] ?? text(value) };
    case 'payoutLeaves':
      return { label: 'Payouts this evaluation created', value: typeof value === 'number' ? value.toLocaleString('en-US') : text(value) };
    case 'payoutRoot':
      return { label: 'Merkle root of its payouts', value: text(value) };
    case 'firstPayout':
      return { label: 'First payout', value: text(value) };
    case 'lastPayout':
      return { label: 'Last payout', value: text(value) };
    default: {
      // optionT .. option5 of a trigger: what each option pays for this storm.
      const option = /^option([T1-5])$/.exec(key);
      if (option) return { label: `${optionLabel(option[1])} pays`, value: percent(value) };
      return { label: humanKey(key), value: text(value) };
    }
  }
}

/**
 * The entry's details as label and value, in the order they were recorded. `stormName` is the
 * storm's stored name when the entry names a storm by id only (a payout's entries).
 */
export function ledgerDataFacts(data: unknown, stormName: string | null = null): LedgerFact[] {
  if (!isRecord(data)) return [];
  return Object.entries(data)
    .filter(([key, value]) => !FOLDED.has(key) && ['string', 'number', 'boolean'].includes(typeof value))
    .map(([key, value]) => fact(key, value, data, stormName));
}
