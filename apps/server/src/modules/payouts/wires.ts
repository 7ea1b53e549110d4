import { BANK_ACCOUNT_TYPE_LABELS } from '@fhp/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, payouts, policies, users } from '../../db/schema';
import type { AccountCipher } from '../bank';

/** What the admin's payouts-by-storm screen and the bank-transfer file read (issue 10 item 5). */

export interface StormPayoutRow {
  id: string;
  policyId: string;
  ownerId: string;
  policyNumber: string;
  holderName: string;
  holderEmail: string;
  country: string;
  optionId: string;
  /** Percent of the coverage paid (after the term's cap) and the contract's percent for the storm. */
  percent: number;
  contractPercent: number;
  amountCents: number;
  status: 'PENDING' | 'PAID';
  createdAt: string;
  paidAt: string | null;
  wireReference: string | null;
  acknowledged: boolean;
}

/** A storm's payouts, by policy number (the CSV and the screen share them). */
export async function stormPayouts(db: Db, stormId: string): Promise<StormPayoutRow[]> {
  const rows = await db
    .select({ payout: payouts, policy: policies, holder: users })
    .from(payouts)
    .innerJoin(policies, eq(policies.id, payouts.policyId))
    .innerJoin(users, eq(users.id, policies.ownerId))
    .where(and(eq(payouts.stormRef, stormId)))
    .orderBy(asc(policies.policyNumber));
  return rows.map(({ payout, policy, holder }) => ({
    id: payout.id,
    policyId: policy.id,
    ownerId: policy.ownerId,
    policyNumber: policy.policyNumber,
    holderName: [holder.firstName, holder.lastName].filter(Boolean).join(' '),
    holderEmail: holder.email,
    country: policy.country,
    optionId: policy.optionId,
    percent: payout.percent,
    contractPercent: payout.contractPercent,
    amountCents: payout.amountCents,
    status: payout.status,
    createdAt: payout.createdAt.toISOString(),
    paidAt: payout.paidAt?.toISOString() ?? null,
    wireReference: payout.wireReference,
    acknowledged: payout.acknowledgedAt !== null,
  }));
}

/**
 * RFC 4180: quote every field; a field a spreadsheet would run as a formula (starting with = + - @,
 * a tab or a carriage return, as OWASP lists them) gets a leading apostrophe, so it shows as text.
 */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const BANK_TRANSFER_CSV_HEADER = [
  'payout_id',
  'policy_number',
  'holder_name',
  'holder_email',
  'amount_xcd',
  'percent',
  'storm',
  'status',
  'created_at',
  'bank_name',
  'account_holder_name',
  'account_number',
  'account_type',
  'swift_bic',
  'note',
];

export const NO_BANK_DETAILS_NOTE = 'No payout bank details on file: ask the holder to add them under My Payout Details before wiring'; // ours
export const UNREADABLE_ACCOUNT_NOTE = 'The account number cannot be read (BANK_ACCOUNT_KEY changed): ask the holder to enter it again under My Payout Details'; // ours

/** A holder's payout account as the wire needs it: the account number opened from its sealed form. */
export interface WireAccount {
  bankName: string;
  accHolderName: string;
  /** Null when it cannot be opened (the key changed since it was stored). */
  accountNo: string | null;
  type: string;
  swiftCode: string;
}

function openAccountNo(cipher: AccountCipher, sealed: string): string | null {
  try {
    return cipher.open(sealed);
  } catch {
    return null;
  }
}

/**
 * The payout accounts (My Payout Details) of the holders of a storm's pending payouts, account
 * numbers decrypted. Only the bank-transfer export calls it, behind the admins' guard.
 */
export async function wireAccounts(db: Db, cipher: AccountCipher, ownerIds: readonly string[]): Promise<Map<string, WireAccount>> {
  const accounts = new Map<string, WireAccount>();
  if (ownerIds.length === 0) return accounts;
  for (const row of await db.select().from(bankAccounts).where(inArray(bankAccounts.ownerId, [...new Set(ownerIds)]))) {
    accounts.set(row.ownerId, {
      bankName: row.bankName,
      accHolderName: row.accHolderName,
      accountNo: openAccountNo(cipher, row.accountNoCipher),
      type: BANK_ACCOUNT_TYPE_LABELS[row.type] ?? row.type,
      swiftCode: row.swiftCode,
    });
  }
  return accounts;
}

/**
 * The bank-transfer file of a storm's pending payouts: one line per wire to make, with the holder's
 * payout account from My Payout Details; a holder without one is listed with a note instead.
 */
export function bankTransferCsv(stormId: string, rows: readonly StormPayoutRow[], accounts: ReadonlyMap<string, WireAccount>): string {
  const lines = [BANK_TRANSFER_CSV_HEADER.map(csvField).join(',')];
  for (const row of rows) {
    if (row.status !== 'PENDING') continue;
    const account = accounts.get(row.ownerId);
    const bank = account
      ? [account.bankName, account.accHolderName, account.accountNo ?? '', account.type, account.swiftCode, account.accountNo === null ? UNREADABLE_ACCOUNT_NOTE : '']
      : ['', '', '', '', '', NO_BANK_DETAILS_NOTE];
    lines.push(
      [row.id, row.policyNumber, row.holderName, row.holderEmail, (row.amountCents / 100).toFixed(2), row.percent, stormId, row.status, row.createdAt, ...bank].map(csvField).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
