import {
  formatReceiptNumber,
  ownRecordRefusal,
  transitionRefusal,
  normalizePolicyNumber,
  parsePolicyNumber,
  PAYMENT_MESSAGES,
  paymentReferenceKey,
  paymentRefusal,
  paymentRecord,
  policyNumberFromBankReference,
  recordPaymentInputSchema,
  subject,
  type AppAbility,
} from '@fhp/domain';
import { parseInput, userInputError } from '../../graphql/errors';
import { eq } from 'drizzle-orm';
import { payments, seasons } from '../../db/schema';
import { forbidden } from '../identity';
import { applyPolicyEvent, issueContract, isUniqueViolation, type LifecycleDeps, lockPolicy } from '../lifecycle';
import { TXN_LOCATIONS } from '../audit';
import { localIsoDate } from '@fhp/domain';
import { findPoliciesOfEmail, findPolicyByNumber, paymentViews, type PaymentViewData } from './view';

export const PAYMENT_CODES = { NOT_FOUND: 'NOT_FOUND', REFERENCE_USED: 'PAYMENT_REFERENCE_USED', REFUSED: 'PAYMENT_REFUSED' } as const;

export const SEARCH_MESSAGES = {
  required: 'Enter a policy number, a bank transfer reference or the holder’s email', // ours
  unrecognised: 'Enter a policy number (FHP-GD-2027-000042), a bank transfer reference (GD20270000424) or the holder’s email', // ours
  bankTransferByAdmin: 'Bank transfers are recorded by an administrator. A teller records payments made at the credit union.', // ours
} as const;

const notFound = () => userInputError(PAYMENT_MESSAGES.unknownPolicy, PAYMENT_CODES.NOT_FOUND);

/** The policy number a typed text stands for: a policy number, or a checked bank-transfer reference. */
function policyNumberIn(text: string): string | null {
  if (parsePolicyNumber(text)) return normalizePolicyNumber(text);
  return policyNumberFromBankReference(text);
}

/**
 * The payment desk's search (teller, admin): by policy number, bank-transfer reference or the
 * holder's email (exact, as the holder gives it at the desk). At most 20 policies, newest first.
 */
export async function searchPaymentDesk(deps: Pick<LifecycleDeps, 'db' | 'clock'>, search: string): Promise<PaymentViewData[]> {
  const text = typeof search === 'string' ? search.trim() : '';
  if (text === '') throw userInputError(SEARCH_MESSAGES.required);
  const number = policyNumberIn(text);
  let rows;
  if (number) rows = [await findPolicyByNumber(deps.db, number)].filter((row) => row !== undefined);
  else if (text.includes('@')) rows = await findPoliciesOfEmail(deps.db, text.toLowerCase());
  else throw userInputError(SEARCH_MESSAGES.unrecognised);
  return paymentViews(deps.db, rows, deps.clock());
}

export async function paymentViewByNumber(deps: Pick<LifecycleDeps, 'db' | 'clock'>, policyNumber: string): Promise<PaymentViewData | undefined> {
  const number = typeof policyNumber === 'string' ? policyNumberIn(policyNumber.trim()) : null;
  const row = number ? await findPolicyByNumber(deps.db, number) : undefined;
  if (!row) return undefined;
  return (await paymentViews(deps.db, [row], deps.clock()))[0];
}

export interface RecordPaymentResult {
  paymentId: string;
  receiptNumber: string;
  policy: PaymentViewData;
  /** The payment completed the premium: the contract was issued (and its PDF made and emailed). */
  contractIssued: boolean;
}

/**
 * Records a payment (teller: credit union; admin: both channels). Validated by the domain schema the
 * form uses; then, with the policy row locked: the machine's refusal for a policy that cannot take a
 * payment (before the reference is tried, so a closed policy never reads as a reused reference),
 * `paymentRefusal` (more than owed, paid-on date, after the season's payment deadline: the
 * transition refuses that too), the payment row (the reference is unique per
 * channel, decision 013), `PAYMENT_RECORDED` through the state machine with its log and ledger entries. A
 * payment that completes the premium issues the contract in the same step; its PDF is made and
 * emailed after the commit (the contracts job retries if that fails).
 */
export async function recordPayment(
  deps: LifecycleDeps,
  caller: { userId: string; ability: AppAbility; location?: (typeof TXN_LOCATIONS)[keyof typeof TXN_LOCATIONS] },
  input: unknown,
  origin: string,
): Promise<RecordPaymentResult> {
  // Who may record payments at all is checked before the input, so nobody else learns its rules.
  if (!caller.ability.can('create', 'Payment')) throw forbidden();
  const values = parseInput(recordPaymentInputSchema, input);
  if (!caller.ability.can('create', subject('Payment', { channel: values.channel }))) {
    if (caller.ability.can('create', subject('Payment', { channel: 'CREDIT_UNION' }))) throw userInputError(SEARCH_MESSAGES.bankTransferByAdmin, 'FORBIDDEN');
    throw forbidden();
  }
  const policyNumber = policyNumberIn(values.policyNumber);
  if (!policyNumber) throw notFound();
  const now = deps.clock();
  const location = caller.location ?? (values.channel === 'CREDIT_UNION' ? TXN_LOCATIONS.creditUnion : TXN_LOCATIONS.backOffice);

  let outcome;
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const row = await lockPolicy(tx, { policyNumber });
      if (!row) throw notFound();
      // Duties: a teller or admin who holds this policy does not record its payments.
      const own = ownRecordRefusal('payment', caller.userId, row.ownerId);
      if (own) throw userInputError(own, 'FORBIDDEN');
      // A CANCELED or EXPIRED policy is refused with the machine's sentence before anything else is
      // looked at: a reference already used there must not read as "already recorded".
      const closed = transitionRefusal(row.status, 'PAYMENT_RECORDED');
      if (closed) throw closed;
      const payable = row.discountedPremiumCents ?? row.premiumCents;
      const outstanding = payable - row.paidCents;
      // The season's deadline is read with the policy locked (the deadline job queues on the same
      // row) and the season row shared: an admin's edit of its dates waits for this payment.
      const [season] = await tx.select({ paymentDeadline: seasons.paymentDeadline }).from(seasons).where(eq(seasons.year, row.seasonYear)).for('share');
      if (!season) throw new Error(`Policy ${row.policyNumber} has no season ${row.seasonYear}`);
      const refusal = paymentRefusal(values, {
        outstandingCents: outstanding,
        purchaseDate: localIsoDate(row.purchasedAt),
        today: localIsoDate(now),
        paymentDeadline: season.paymentDeadline,
      });
      if (refusal) throw userInputError(refusal, PAYMENT_CODES.REFUSED);
      const [payment] = await tx
        .insert(payments)
        .values({
          policyId: row.id,
          amountCents: values.amount,
          channel: values.channel,
          reference: values.reference,
          referenceKey: paymentReferenceKey(values.reference),
          paidOn: values.paidOn,
          outstandingAfterCents: Math.max(0, outstanding - values.amount),
          recordedBy: caller.userId,
          recordedAt: now,
        })
        .returning();
      const receiptNumber = formatReceiptNumber(payment!.sequence);
      // The record ledger:verify rebuilds from this payments row (decision 135).
      const record = paymentRecord({ paymentId: payment!.id, policyNumber: row.policyNumber, amountCents: values.amount, receiptNumber, channel: values.channel, paidOn: values.paidOn });
      const applied = await applyPolicyEvent(
        tx,
        deps.ledger,
        row,
        { type: 'PAYMENT_RECORDED', amountCents: values.amount, paidOn: values.paidOn, season },
        { performedBy: caller.userId, location, at: now },
        {
          txnId: record.txnId,
          payload: { receiptNumber, amountCents: values.amount, channel: values.channel, paidOn: values.paidOn, outstandingAfterCents: payment!.outstandingAfterCents },
          valueCents: record.valueCents,
          ledgerData: record.data,
        },
      );
      return { payment: payment!, receiptNumber, applied };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw userInputError(PAYMENT_MESSAGES.referenceUsed, PAYMENT_CODES.REFERENCE_USED);
    throw error;
  }

  const { payment, receiptNumber, applied } = outcome;
  deps.log.info({ policyNumber, receiptNumber, amountCents: payment.amountCents, to: applied.after.status }, 'payment recorded');
  if (applied.issued) {
    try {
      await issueContract(deps, applied.row.id, origin);
    } catch (error) {
      // The policy is issued either way; the contracts job makes the PDF on its next run.
      deps.log.error({ err: error, policyNumber }, 'contract PDF not made after the issuing payment');
    }
  }
  // Read again: the contract step may have added the PDF.
  const fresh = (await findPolicyByNumber(deps.db, policyNumber)) ?? applied.row;
  const [view] = await paymentViews(deps.db, [fresh], deps.clock());
  return { paymentId: payment.id, receiptNumber, policy: view!, contractIssued: applied.issued !== null };
}
