import {
  COUNTRIES,
  isCountryCode,
  isInList,
  isOptionId,
  moneyView,
  MY_POLICY_FILTERS,
  OPTION_LABELS,
  type MoneyView,
  type MyPoliciesQuery,
  type MyPolicyList,
  type PolicyStatus,
  type PolicyType,
  type SelectableEntry,
} from '@fhp/domain';
import { and, asc, count, desc, eq, inArray, like, notInArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries, payouts, policies, policyBeneficiaries, storms } from '../../db/schema';
import type { PolicyRow } from '../lifecycle';
import { paymentViews, type PaymentViewData } from '../payments';
import { payoutView, type MyPayoutView } from '../payouts';

/**
 * The holder's own policies (issue 9): the three lists and one policy's detail. Every query is
 * scoped by the owner's id here, so another holder's policy reads exactly like a missing one.
 */

export interface MyPolicyCard {
  policyId: string;
  policyNumber: string;
  type: PolicyType;
  status: PolicyStatus;
  /** The option's code (T, 1..5): the spec's productDefination. */
  optionId: string;
  optionTitle: string;
  countryToBeInsured: string;
  countryName: string;
  coverage: MoneyView;
  premium: MoneyView;
  discountedPremium: MoneyView | null;
  purchasedAt: Date;
  createdAt: Date;
  seasonYear: number;
}

export interface MyPolicyDetail extends MyPolicyCard {
  beneficiary: typeof policyBeneficiaries.$inferSelect | null;
  useOfProceeds: SelectableEntry[];
  payments: PaymentViewData;
  payouts: MyPayoutView[];
  /** The proof-ledger entry that issued the contract (actual policies), for the explorer page. */
  ledgerHash: string | null;
}

export function toCard(row: PolicyRow): MyPolicyCard {
  return {
    policyId: row.id,
    policyNumber: row.policyNumber,
    type: row.type,
    status: row.status,
    optionId: row.optionId,
    optionTitle: isOptionId(row.optionId) ? OPTION_LABELS[row.optionId] : row.optionId,
    countryToBeInsured: row.country,
    countryName: isCountryCode(row.country) ? COUNTRIES[row.country].name : row.country,
    coverage: moneyView(row.coverageCents),
    premium: moneyView(row.premiumCents),
    discountedPremium: row.discountedPremiumCents === null ? null : moneyView(row.discountedPremiumCents),
    purchasedAt: row.purchasedAt,
    createdAt: row.createdAt,
    seasonYear: row.seasonYear,
  };
}

function listCondition(ownerId: string, query: MyPoliciesQuery): SQL {
  const filter = MY_POLICY_FILTERS[query.list];
  const conditions: SQL[] = [eq(policies.ownerId, ownerId)];
  if (filter.types) conditions.push(inArray(policies.type, [...filter.types]));
  conditions.push('in' in filter.statuses ? inArray(policies.status, [...filter.statuses.in]) : notInArray(policies.status, [...filter.statuses.notIn]));
  // Policy numbers are upper-case letters, digits and hyphens: escape LIKE's wildcards anyway.
  if (query.policyNumber) conditions.push(like(policies.policyNumber, `%${query.policyNumber.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return and(...conditions)!;
}

/** One page of one list, newest purchase first (ties by number, so pages never overlap). */
export async function listMyPolicies(db: Db, ownerId: string, query: MyPoliciesQuery): Promise<{ cards: MyPolicyCard[]; totalCount: number }> {
  const where = listCondition(ownerId, query);
  const [rows, [total]] = await Promise.all([
    db.select().from(policies).where(where).orderBy(desc(policies.purchasedAt), desc(policies.policyNumber)).limit(query.limit).offset(query.skip),
    db.select({ n: count() }).from(policies).where(where),
  ]);
  return { cards: rows.map(toCard), totalCount: Number(total?.n ?? 0) };
}

/**
 * One of the owner's policies by number, with everything its detail page shows; null when there is
 * none, when it is someone else's, or when it is not in the list the address names.
 */
export async function findMyPolicyDetail(db: Db, ownerId: string, policyNumber: string, list: MyPolicyList | undefined, now: Date): Promise<MyPolicyDetail | null> {
  const [row] = await db
    .select()
    .from(policies)
    .where(and(eq(policies.ownerId, ownerId), eq(policies.policyNumber, policyNumber.toUpperCase())))
    .limit(1);
  if (!row || (list && !isInList(list, row))) return null;
  const [[beneficiary], payoutRows, [payments], [issued]] = await Promise.all([
    db.select().from(policyBeneficiaries).where(eq(policyBeneficiaries.policyId, row.id)),
    db.select({ payout: payouts, stormName: storms.name }).from(payouts).leftJoin(storms, eq(storms.id, payouts.stormRef)).where(eq(payouts.policyId, row.id)).orderBy(asc(payouts.createdAt)),
    paymentViews(db, [row], now),
    db
      .select({ hash: ledgerEntries.hash })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.txnId, row.policyNumber), eq(ledgerEntries.kind, 'POLICY_ISSUED')))
      .limit(1),
  ]);
  return {
    ...toCard(row),
    beneficiary: beneficiary ?? null,
    useOfProceeds: row.useOfProceeds,
    payments: payments!,
    payouts: payoutRows.map((entry) => payoutView(entry.payout, entry.stormName)),
    ledgerHash: row.type === 'ACTUAL' ? (issued?.hash ?? null) : null,
  };
}
