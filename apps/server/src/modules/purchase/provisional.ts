import { randomUUID } from 'node:crypto';
import {
  buildSchedule,
  newProvisionalPolicy,
  quotedOption,
  type CountryCode,
  type CrimeFlag,
  type OptionId,
  type OptionQuote,
  type PaymentChannel,
  type PaymentPlan,
  type SelectableEntry,
} from '@fhp/domain';
import { sql, type SQLWrapper, type WithSubquery } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policies, policyBeneficiaries, policyInstalments, policySaleRates } from '../../db/schema';
import { priceQuote, PricingConfigCache } from '../pricing';
import { policyNumberDraw, readNumberBase, settleNumber } from './policy-numbers';
import type { InstalmentRow, PolicyRow } from '../lifecycle';
import { transactionInsert, TXN_LOCATIONS, TXN_TYPES } from '../audit';

type Beneficiary = { firstName: string; lastName: string; email: string; mobileNo: string; addressLine1: string; city: string; country: string };

/** Everything a provisional policy holds, already priced and scheduled by the caller. */
export interface ProvisionalPolicyRecord {
  ownerId: string;
  country: CountryCode;
  seasonYear: number;
  /** The priced option (the premium machine's result for the season's stored pricing). */
  option: OptionQuote;
  /** The season whose stored pricing priced it, and its currency: recorded as the policy's sale rates. */
  pricingSeasonYear: number;
  currency: string;
  instalments: Pick<InstalmentRow, 'number' | 'dueDate' | 'amountCents'>[];
  paymentPlan: PaymentPlan;
  paymentChannel: PaymentChannel;
  politicallyExposed: boolean;
  charged: Record<CrimeFlag, boolean>;
  useOfProceeds: SelectableEntry[];
  termsOfUse: SelectableEntry[];
  idempotencyKey: string;
  purchasedAt: Date;
  beneficiary: Beneficiary;
}

export interface StoreOptions {
  /** `readNumberBase` for the policy's country and season, read before the transaction; read here when absent. */
  numberBase?: number;
  /** The caller's own insert for the new policy (its queued email), made by the same statement. */
  alsoInsert?: (policyId: string) => SQLWrapper | undefined;
}

/**
 * Stores a provisional policy: the row with the rates it was sold at, beneficiary and schedule,
 * the "Provisional policy created" log entry, the caller's own insert, and its number (the
 * per-country, per-season counter, policy-numbers.ts), all in one statement (data-modifying CTEs):
 * a round trip per row kept a pool connection, and under a rush the counter's lock, for ten round
 * trips. The counter stays locked for the rest of that statement and the commit. The one place a
 * policy row is built; call it inside the transaction of the purchase.
 */
export async function storeProvisionalPolicy(tx: Db, record: ProvisionalPolicyRecord, options: StoreOptions = {}): Promise<PolicyRow> {
  return (await store(tx, record, options, undefined)).policy;
}

/** Parts of the purchase's statement the caller reads back beside the policy: `ctes` join its WITH; `read`, one of them, holds one row. */
export interface AlsoRead {
  ctes: readonly WithSubquery[];
  read: WithSubquery;
}

/**
 * `storeProvisionalPolicy` with the caller's own reads in the same statement (the purchase's limits
 * per holder, read under the lock the statement takes): answers the policy and that row.
 */
export async function storeProvisionalPolicyReading<T>(tx: Db, record: ProvisionalPolicyRecord, alsoRead: AlsoRead, options: StoreOptions = {}): Promise<{ policy: PolicyRow; read: T | undefined }> {
  const stored = await store(tx, record, options, alsoRead);
  return { policy: stored.policy, read: stored.read as T | undefined };
}

async function store(tx: Db, record: ProvisionalPolicyRecord, options: StoreOptions, alsoRead: AlsoRead | undefined): Promise<{ policy: PolicyRow; read: unknown }> {
  const { option } = record;
  const state = newProvisionalPolicy({ payableCents: option.discount?.premiumCents ?? option.premiumCents, coverageCents: option.coverageCents });
  const id = randomUUID();
  const target = { id, country: record.country, seasonYear: record.seasonYear, bankTransfer: record.paymentChannel === 'BANK_TRANSFER' };
  const base = options.numberBase ?? (await readNumberBase(tx, record.country, record.seasonYear));
  const draw = policyNumberDraw(tx, target, base);
  const stored = tx.$with('stored_policy').as(
    tx
      .insert(policies)
      .values({
        id,
        policyNumber: draw.number,
        ownerId: record.ownerId,
        type: state.type,
        status: state.status,
        country: record.country,
        optionId: option.id,
        coverageCents: option.coverageCents,
        premiumCents: option.premiumCents,
        discountedPremiumCents: option.discount?.premiumCents ?? null,
        discountPercent: option.discount ? option.discount.percent.toFixed(2) : null,
        seasonYear: record.seasonYear,
        paymentPlan: record.paymentPlan,
        paymentChannel: record.paymentChannel,
        bankTransferReference: draw.reference,
        politicallyExposed: record.politicallyExposed,
        charged: record.charged,
        useOfProceeds: record.useOfProceeds,
        termsOfUse: record.termsOfUse,
        idempotencyKey: record.idempotencyKey,
        purchasedAt: record.purchasedAt,
        createdAt: record.purchasedAt,
      })
      .returning(),
  );
  const payload = {
    policyNumber: null,
    status: state.status,
    country: record.country,
    option: option.id,
    coverageCents: option.coverageCents,
    premiumCents: option.premiumCents,
    discountedPremiumCents: option.discount?.premiumCents ?? null,
    paymentPlan: record.paymentPlan,
    paymentChannel: record.paymentChannel,
  };
  const rows = [
    tx.insert(policyBeneficiaries).values({ ...record.beneficiary, policyId: id }),
    tx.insert(policySaleRates).values({
      policyId: id,
      pricingSeasonYear: record.pricingSeasonYear,
      rolPct: option.rolPct.toFixed(2),
      platformChargePct: option.platformChargePct.toFixed(2),
      insuranceProviderChargePct: option.insuranceProviderChargePct.toFixed(2),
      currencyCode: record.currency,
    }),
    tx.insert(policyInstalments).values(record.instalments.map((instalment) => ({ ...instalment, policyId: id }))),
    transactionInsert(
      tx,
      {
        ownerId: record.ownerId,
        performedBy: record.ownerId,
        type: TXN_TYPES.POLICY_PURCHASE_FLOW,
        action: 'Provisional policy created',
        payload,
        location: TXN_LOCATIONS.portal,
        at: record.purchasedAt,
      },
      { txnSetId: draw.number, payload: sql`jsonb_set(${JSON.stringify(payload)}::jsonb, '{policyNumber}', to_jsonb(${draw.number}))` },
    ),
    options.alsoInsert?.(id),
  ].flatMap((insert, n) => (insert ? [tx.$with(`stored_row_${n}`, {}).as(insert.getSQL())] : []));
  const statement = tx.with(...draw.ctes, stored, ...rows, ...(alsoRead?.ctes ?? []));
  let policy: PolicyRow | undefined;
  let read: unknown;
  if (alsoRead) {
    // Joined rows come back keyed by each part's name.
    const [row] = (await statement.select().from(stored).crossJoin(alsoRead.read)) as unknown as Record<string, unknown>[];
    policy = row?.[stored._.alias] as PolicyRow | undefined;
    read = row?.[alsoRead.read._.alias];
  } else {
    [policy] = await statement.select().from(stored);
  }
  if (!policy) throw new Error('The policy could not be stored');
  return { policy: { ...policy, ...(await settleNumber(tx, target, policy)) }, read };
}

export interface ProvisionalPolicySpec {
  ownerId: string;
  country: CountryCode;
  optionId: OptionId;
  coverageCents: number;
  /** 0 or an offer's percent. */
  discountPercent?: number;
  seasonYear: number;
  paymentDeadline: string;
  paymentPlan: PaymentPlan;
  paymentChannel: PaymentChannel;
  /** When it was bought; its Port of Spain date starts the schedule. */
  purchasedAt: Date;
  purchaseDate: string;
  idempotencyKey: string;
  beneficiary: Beneficiary;
}

const DECLARED = ['drugTrafficking', 'terrorismFinancing', 'moneyLaundering', 'fraud', 'otherCrimes', 'declare'];

/**
 * A provisional policy for a given season and date, priced from that season's stored pricing by the
 * premium machine exactly as a purchase prices it. The demo seed places policies in past and future
 * seasons with it (the purchase itself only sells the season on sale today), and so do the lifecycle
 * tests. Call inside a transaction.
 */
export async function insertProvisionalPolicy(tx: Db, spec: ProvisionalPolicySpec, store: StoreOptions = {}): Promise<PolicyRow> {
  // Read through the transaction, once: the app's shared cache would read outside it.
  const priced = await new PricingConfigCache(tx, 0).forSeason(spec.country, spec.seasonYear);
  const { result } = await priceQuote(priced, spec.coverageCents, spec.discountPercent ? { discountPercent: spec.discountPercent.toFixed(2) } : undefined);
  const option = quotedOption(result, spec.optionId);
  const schedule = buildSchedule({
    totalCents: option.discount?.premiumCents ?? option.premiumCents,
    plan: spec.paymentPlan,
    purchaseDate: spec.purchaseDate,
    deadline: spec.paymentDeadline,
  });
  return storeProvisionalPolicy(tx, {
    ownerId: spec.ownerId,
    country: spec.country,
    seasonYear: spec.seasonYear,
    option,
    pricingSeasonYear: priced.seasonYear,
    currency: priced.config.currencyFormat.currency,
    instalments: schedule.instalments,
    paymentPlan: spec.paymentPlan,
    paymentChannel: spec.paymentChannel,
    politicallyExposed: false,
    charged: { drugTrafficking: false, terrorismFinancing: false, moneyLaundering: false, fraud: false, otherCrimes: false },
    useOfProceeds: [{ value: 'homeProtection', selected: true }],
    termsOfUse: DECLARED.map((value) => ({ value, selected: true })),
    idempotencyKey: spec.idempotencyKey,
    purchasedAt: spec.purchasedAt,
    beneficiary: spec.beneficiary,
  }, store);
}
