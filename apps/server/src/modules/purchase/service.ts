import {
  buildSchedule,
  fromCents,
  localIsoDate,
  moneyView,
  PURCHASE_REFUSAL_CODES,
  PURCHASE_REFUSALS,
  purchasePolicyInputSchema,
  termsDataFromEntries,
  toCents,
  isDomainError,
  verifyQuotedPremium,
  ERROR_CODES,
  type MoneyView,
  type OptionQuote,
  type QuoteResult,
  type PurchasePolicyValues,
} from '@fhp/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { parseInput, userInputError } from '../../graphql/errors';
import { findUserById, fullName } from '../identity';
import type { DeliveryQueue, MessageRenderer } from '../notifications';
import { readNumberBases } from './policy-numbers';
import { storeProvisionalPolicyReading, type ProvisionalPolicyRecord } from './provisional';
import { findInstalments, findPolicyByIdempotencyKey, type InstalmentRow, isUniqueViolation, type PolicyRow } from '../lifecycle';
import { findCurrentSeason, type OfferCache, priceQuote, type PricingConfigCache, purchaseWindowOpenAt, type SeasonRow } from '../pricing';
import { provisionalPolicyEmail } from './email';
import { checkHolderLimits, holderLimitRead, type HolderLimitRead } from './holder-limits';
import { findBuyer, findPolicyWithHolder } from './repository';

export interface PurchaseDeps {
  db: Db;
  clock: Clock;
  offers: OfferCache;
  pricing: PricingConfigCache;
  /** The provisional policy email is queued with the policy and sent after the answer. */
  deliveries: DeliveryQueue;
  /** Told about each policy stored (metrics). */
  onStored?: () => void;
}

/** The queue's template for the provisional policy email, rendered from the committed policy. */
export const PROVISIONAL_POLICY_EMAIL = 'provisional-policy';

/** The contract's PolicyPurchaseResult. */
export interface PolicyPurchaseResult {
  policyNumber: string;
  type: string;
  status: string;
  premium: number;
  discountedPremium: number | null;
  purchasedBy: { email: string; primaryContactNo: string | null; phoneVerified: boolean };
  paymentPlan: string;
  paymentChannel: string;
  schedule: { number: number; dueDate: string; amount: MoneyView }[];
  bankTransferReference: string | null;
}

type Owner = Awaited<ReturnType<typeof findUserById>>;
type InstalmentView = Pick<InstalmentRow, 'number' | 'dueDate' | 'amountCents'>;

/** A stored policy read back (a repeat of an earlier purchase): owner and schedule from the database. */
async function resultFor(db: Db, policy: PolicyRow): Promise<PolicyPurchaseResult> {
  const [owner, instalments] = await Promise.all([findUserById(db, policy.ownerId), findInstalments(db, policy.id)]);
  return toResult(policy, owner, instalments);
}

function toResult(policy: PolicyRow, owner: Owner, instalments: readonly InstalmentView[]): PolicyPurchaseResult {
  return {
    policyNumber: policy.policyNumber,
    type: policy.type,
    status: policy.status,
    premium: fromCents(policy.premiumCents),
    discountedPremium: policy.discountedPremiumCents === null ? null : fromCents(policy.discountedPremiumCents),
    purchasedBy: { email: owner?.email ?? '', primaryContactNo: owner?.phone ?? null, phoneVerified: owner?.phoneVerified ?? false },
    paymentPlan: policy.paymentPlan,
    paymentChannel: policy.paymentChannel,
    schedule: instalments.map((row) => ({ number: row.number, dueDate: row.dueDate, amount: moneyView(row.amountCents) })),
    bankTransferReference: policy.bankTransferReference,
  };
}

/** Everything decided before the transaction: prices, season, schedule. Throws the customer's refusal. */
async function price(deps: PurchaseDeps, values: PurchasePolicyValues, read: { kycSubmitted: boolean; season: SeasonRow | undefined }) {
  const { clock, offers } = deps;
  if (!read.kycSubmitted) throw userInputError(PURCHASE_REFUSALS.kycRequired, PURCHASE_REFUSAL_CODES.KYC_REQUIRED);
  const now = clock();
  const today = localIsoDate(now);
  const { season } = read;
  if (!season || !purchaseWindowOpenAt(season, now)) {
    throw userInputError(PURCHASE_REFUSALS.windowClosed, PURCHASE_REFUSAL_CODES.PURCHASE_WINDOW_CLOSED);
  }
  const offer = await offers.applicable(values.countryName, now);
  if (offer && !offer.canPurchase) {
    throw userInputError(offer.message ?? PURCHASE_REFUSALS.offerStopsPurchase, PURCHASE_REFUSAL_CODES.PURCHASE_NOT_ALLOWED);
  }
  // Exactly the quote's computation (pricing/service.ts): the season's stored pricing, the same
  // offer, the same premium machine.
  const priced = await deps.pricing.forSeason(values.countryName, season.year);
  const { result } = await priceQuote(priced, toCents(values.coverage), offer);
  const option = checkPricesSeen(result, values);
  const payableCents = option.discount?.premiumCents ?? option.premiumCents;
  const schedule = buildSchedule({ totalCents: payableCents, plan: values.paymentPlan, purchaseDate: today, deadline: season.paymentDeadline });
  return { now, season, option, schedule, pricingSeasonYear: priced.seasonYear, currency: priced.config.currencyFormat.currency };
}

/**
 * The premium and the discounted premium the customer saw must still be the price; if a rate, an
 * offer or its percent changed since (or a figure was altered), the purchase is refused with
 * PRICE_CHANGED and the domain's sentence, and the web takes the customer back to the new price.
 */
function checkPricesSeen(result: QuoteResult, values: PurchasePolicyValues): OptionQuote {
  try {
    return verifyQuotedPremium(result, {
      optionId: values.productDefination,
      quotedPremiumCents: toCents(values.premium),
      quotedDiscountedPremiumCents: values.discountedPremium === null ? null : toCents(values.discountedPremium),
    });
  } catch (error) {
    if (isDomainError(error) && error.code === ERROR_CODES.PREMIUM_MISMATCH) {
      throw userInputError(error.message, PURCHASE_REFUSAL_CODES.PRICE_CHANGED);
    }
    throw error;
  }
}

/**
 * PurchasePolicy: re-prices the chosen option as the quote does, refuses a stale or tampered
 * premium, and stores a provisional policy with its number, beneficiary, schedule, log entry and
 * queued email in one transaction; the email goes out after the answer. The idempotency key makes
 * a repeat (a double click, a retry after a lost answer) return the first policy: checked before the
 * transaction, and backed by a unique index for requests that pass the check at once.
 */
export async function purchasePolicy(deps: PurchaseDeps, ownerId: string, input: unknown): Promise<PolicyPurchaseResult> {
  const { db } = deps;
  const values = parseInput(purchasePolicyInputSchema, input);
  // Independent reads at once (on PostgreSQL, on several connections): a rush is slow in round
  // trips, and in pool waits. The number base is read with them, for every season of the country
  // (the season is one of these reads): a read after them waited for a connection a second time
  // (bench:load on PostgreSQL, 20 to 80 requests waiting for the pool). The buyer's reads are one.
  const [{ earlier, kycSubmitted, owner }, currentSeason, numberBases] = await Promise.all([
    findBuyer(db, ownerId, values.idempotencyKey),
    findCurrentSeason(db),
    readNumberBases(db, values.countryName),
  ]);
  if (earlier) return resultFor(db, earlier);

  const { now, season, option, schedule, pricingSeasonYear, currency } = await price(deps, values, { kycSubmitted, season: currentSeason });
  const terms = termsDataFromEntries(values.termsOfUse);
  const beneficiary = values.benificiaryDetail;

  const instalments: InstalmentView[] = schedule.instalments.map((instalment) => ({
    number: instalment.number,
    dueDate: instalment.dueDate,
    amountCents: instalment.amountCents,
  }));

  const record: ProvisionalPolicyRecord = {
    ownerId,
    country: values.countryName,
    seasonYear: season.year,
    option,
    pricingSeasonYear,
    currency,
    instalments,
    paymentPlan: values.paymentPlan,
    paymentChannel: values.paymentChannel,
    politicallyExposed: terms.politicallyExposed === 'yes',
    charged: terms.charged,
    useOfProceeds: values.useOfProceeds,
    termsOfUse: values.termsOfUse,
    idempotencyKey: values.idempotencyKey,
    purchasedAt: now,
    beneficiary: {
      firstName: beneficiary.firstName,
      lastName: beneficiary.lastName,
      email: beneficiary.email,
      mobileNo: beneficiary.mobileNo,
      addressLine1: beneficiary.address.addressLine1,
      city: beneficiary.address.city,
      country: beneficiary.address.country,
    },
  };
  const numberBase = numberBases(season.year);
  let policy: PolicyRow;
  try {
    // A repeat that committed since the check above fails on the unique key and is answered below.
    // The limits per holder are read by the same statement, under the lock it takes on the holder's
    // totals; going over them refuses before the commit, which undoes the statement.
    const limits = { ownerId, country: values.countryName, seasonYear: season.year, pricingSeasonYear };
    policy = await db.transaction(async (tx) => {
      const stored = await storeProvisionalPolicyReading<HolderLimitRead>(tx, record, holderLimitRead(tx, limits), {
        numberBase,
        alsoInsert: (policyId) =>
          deps.deliveries.insertion(tx, owner ? [{ to: owner.email, kind: 'provisional policy', template: PROVISIONAL_POLICY_EMAIL, reference: policyId }] : []),
      });
      checkHolderLimits(limits, stored.read, option.coverageCents);
      return stored.policy;
    });
  } catch (error) {
    // Another request with the same key committed between our check and our insert.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findPolicyByIdempotencyKey(db, ownerId, values.idempotencyKey);
    if (!winner) throw error;
    return resultFor(db, winner);
  }

  deps.onStored?.();
  deps.deliveries.kick();
  // Just inserted: the schedule is the one we wrote.
  return toResult(policy, owner, instalments);
}

/**
 * The provisional policy email, rendered from the stored policy when the queue sends it (its
 * number is drawn by the statement that queues the email).
 */
export const renderProvisionalPolicyEmail: MessageRenderer = async (db, policyId) => {
  const [found, instalments] = await Promise.all([findPolicyWithHolder(db, policyId), findInstalments(db, policyId)]);
  if (!found) return undefined;
  const { policy, holder } = found;
  return provisionalPolicyEmail({
    holderName: fullName(holder),
    policyNumber: policy.policyNumber,
    country: policy.country as PurchasePolicyValues['countryName'],
    optionId: policy.optionId as PurchasePolicyValues['productDefination'],
    coverageCents: policy.coverageCents,
    premiumCents: policy.premiumCents,
    discountedPremiumCents: policy.discountedPremiumCents,
    paymentPlan: policy.paymentPlan,
    paymentChannel: policy.paymentChannel,
    bankTransferReference: policy.bankTransferReference,
    schedule: instalments.map((row) => ({ number: row.number, dueDate: row.dueDate, amountCents: row.amountCents })),
  });
};
