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
import { findUserById } from '../identity/repository';
import { fullName } from '../identity/service';
import { isKycSubmitted } from '../kyc/repository';
import type { Mailer } from '../notifications';
import { storeProvisionalPolicy } from '../policies/provisional';
import { findInstalments, findPolicyByIdempotencyKey, isUniqueViolation, type InstalmentRow, type PolicyRow } from '../policies/repository';
import type { OfferCache } from '../pricing/offer-cache';
import type { PricingConfigCache } from '../pricing/pricing-config-cache';
import { purchaseWindowOpenAt } from '../pricing/purchase-window';
import { findCurrentSeason } from '../pricing/repository';
import { priceQuote } from '../pricing/service';
import { provisionalPolicyEmail } from './email';

export interface PurchaseDeps {
  db: Db;
  clock: Clock;
  offers: OfferCache;
  pricing: PricingConfigCache;
  mailer: Mailer;
  log: { error(details: object, message: string): void };
}

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
async function price(deps: PurchaseDeps, ownerId: string, values: PurchasePolicyValues) {
  const { db, clock, offers } = deps;
  if (!(await isKycSubmitted(db, ownerId))) throw userInputError(PURCHASE_REFUSALS.kycRequired, PURCHASE_REFUSAL_CODES.KYC_REQUIRED);
  const now = clock();
  const today = localIsoDate(now);
  const season = await findCurrentSeason(db);
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
 * premium, and stores a provisional policy with its number, beneficiary, schedule and log entry in
 * one transaction; then emails it. The idempotency key makes a repeat (a double click, a retry after
 * a lost answer) return the first policy: checked before and inside the transaction, and backed by
 * a unique index for two requests that pass both checks at once.
 */
export async function purchasePolicy(deps: PurchaseDeps, ownerId: string, input: unknown): Promise<PolicyPurchaseResult> {
  const { db } = deps;
  const values = parseInput(purchasePolicyInputSchema, input);
  const earlier = await findPolicyByIdempotencyKey(db, ownerId, values.idempotencyKey);
  if (earlier) return resultFor(db, earlier);

  const { now, season, option, schedule, pricingSeasonYear, currency } = await price(deps, ownerId, values);
  const terms = termsDataFromEntries(values.termsOfUse);
  const beneficiary = values.benificiaryDetail;

  const instalments: InstalmentView[] = schedule.instalments.map((instalment) => ({
    number: instalment.number,
    dueDate: instalment.dueDate,
    amountCents: instalment.amountCents,
  }));

  let stored: { policy: PolicyRow; created: boolean };
  try {
    stored = await db.transaction(async (tx) => {
      const repeat = await findPolicyByIdempotencyKey(tx, ownerId, values.idempotencyKey);
      if (repeat) return { policy: repeat, created: false };
      const policy = await storeProvisionalPolicy(tx, {
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
      });
      return { policy, created: true };
    });
  } catch (error) {
    // Another request with the same key committed between our check and our insert.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findPolicyByIdempotencyKey(db, ownerId, values.idempotencyKey);
    if (!winner) throw error;
    return resultFor(db, winner);
  }

  if (!stored.created) return resultFor(db, stored.policy);
  // Just inserted: the schedule is the one we wrote, and the owner is read once for answer and email.
  const owner = await findUserById(db, ownerId);
  const result = toResult(stored.policy, owner, instalments);
  await sendPolicyEmail(deps, stored.policy, owner, result);
  return result;
}

/** The policy is stored whatever happens to the email; a failed send is logged for a retry by staff. */
async function sendPolicyEmail(deps: PurchaseDeps, policy: PolicyRow, owner: Owner, result: PolicyPurchaseResult): Promise<void> {
  if (!owner) return;
  const email = provisionalPolicyEmail({
    holderName: fullName(owner),
    policyNumber: policy.policyNumber,
    country: policy.country as PurchasePolicyValues['countryName'],
    optionId: policy.optionId as PurchasePolicyValues['productDefination'],
    coverageCents: policy.coverageCents,
    premiumCents: policy.premiumCents,
    discountedPremiumCents: policy.discountedPremiumCents,
    paymentPlan: policy.paymentPlan,
    paymentChannel: policy.paymentChannel,
    bankTransferReference: policy.bankTransferReference,
    schedule: result.schedule.map((row) => ({ number: row.number, dueDate: row.dueDate, amountCents: row.amount.cents })),
  });
  try {
    await deps.mailer.send({ to: owner.email, ...email });
  } catch (error) {
    deps.log.error({ err: error, policyNumber: policy.policyNumber }, 'provisional policy email not sent');
  }
}
