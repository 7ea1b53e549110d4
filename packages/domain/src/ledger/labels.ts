import { LEDGER_ACCOUNTS, type LedgerEntryKind } from './chain';

/** What each kind of entry means, in words a holder understands (explorer page, contract, emails). */
export const LEDGER_KIND_LABELS: Readonly<Record<LedgerEntryKind, string>> = {
  PAYMENT_RECORDED: 'Premium payment recorded',
  POLICY_ISSUED: 'Policy issued',
  POLICY_STATUS_CHANGED: 'Policy status changed',
  POLICY_CANCELED: 'Policy cancelled',
  TRIGGER_EVENT: 'Hurricane trigger event',
  PAYOUT_CREATED: 'Payout created',
  PAYOUT_PAID: 'Payout paid',
  PAYOUT_ACKNOWLEDGED: 'Payout receipt confirmed',
};

const COMPANY_ACCOUNT_LABELS: Readonly<Record<string, string>> = {
  [LEDGER_ACCOUNTS.premiums]: 'FHP premiums account',
  [LEDGER_ACCOUNTS.payouts]: 'FHP payouts account',
  [LEDGER_ACCOUNTS.cover]: 'FHP hurricane cover',
};

/** A ledger account in words: one of the company's, or a holder's pseudonymous account. */
export function ledgerAccountLabel(account: string): string {
  return COMPANY_ACCOUNT_LABELS[account] ?? (/^0x[0-9a-f]{40}$/.test(account) ? 'Policy holder (anonymous account id)' : 'Account');
}

export function ledgerKindLabel(kind: string): string {
  return (LEDGER_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}
