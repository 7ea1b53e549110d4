import {
  COUNTRIES,
  formatReceiptNumber,
  isCountryCode,
  isOptionId,
  minDue,
  moneyView,
  OPTION_LABELS,
  paymentState,
  type IsoDate,
  type MoneyView,
  type PaymentChannel,
  type PaymentPlan,
  type PaymentState,
  type PolicyStatus,
  type PolicyType,
} from '@fhp/domain';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cancellationRequests, payments, policies, policyInstalments, seasons, users } from '../../db/schema';
import { fullName } from '../identity';
import type { PolicyRow } from '../lifecycle';
import { localIsoDate, stillOwedCents } from '@fhp/domain';

export const RECEIPTS_PATH = '/api/v1/receipts';
export const CONTRACTS_PATH = '/api/v1/policies';

export const receiptUrl = (paymentId: string) => `${RECEIPTS_PATH}/${paymentId}`;
export const contractUrl = (policyNumber: string) => `${CONTRACTS_PATH}/${policyNumber}/contract`;

export interface PaymentRecordView {
  id: string;
  receiptNumber: string;
  amount: MoneyView;
  channel: PaymentChannel;
  reference: string;
  paidOn: IsoDate;
  recordedAt: string;
  recordedBy: string;
  outstandingAfter: MoneyView;
  receiptUrl: string;
}

export interface InstalmentView {
  number: number;
  dueDate: IsoDate;
  amount: MoneyView;
  /** How much of it the payments cover (they fill instalments in due order). */
  paid: MoneyView;
  /** PAID, PARTLY_PAID, DUE (not yet due) or OVERDUE. */
  state: 'PAID' | 'PARTLY_PAID' | 'DUE' | 'OVERDUE';
}

/**
 * A policy as the payment desk shows it (teller, admin) and as its holder sees its payments: the
 * number, the holder's name and the schedule, never KYC documents or bank details.
 */
export interface PaymentViewData {
  policyId: string;
  ownerId: string;
  policyNumber: string;
  type: PolicyType;
  status: PolicyStatus;
  paymentState: PaymentState;
  holderName: string;
  countryName: string;
  optionLabel: string;
  paymentPlan: PaymentPlan;
  paymentChannel: PaymentChannel;
  bankTransferReference: string | null;
  purchasedAt: string;
  purchaseDate: IsoDate;
  /** The season's payment deadline: the desk's form refuses a payment made after it, as the server does. */
  paymentDeadline: IsoDate | null;
  coverage: MoneyView;
  premium: MoneyView;
  payable: MoneyView;
  paid: MoneyView;
  outstanding: MoneyView;
  refundDue: MoneyView;
  minDue: { amount: MoneyView; dueDate: IsoDate | null; overdue: boolean };
  schedule: InstalmentView[];
  payments: PaymentRecordView[];
  cancellationPending: boolean;
  /** A payment can be recorded: payment pending and something still owed. */
  acceptsPayments: boolean;
  hasContract: boolean;
}

/** The views of several policies in four queries (schedules, payments, requests, holders). */
export async function paymentViews(db: Db, rows: readonly PolicyRow[], now: Date): Promise<PaymentViewData[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const today = localIsoDate(now);
  const [instalments, paymentRows, pending, holders, seasonRows] = await Promise.all([
    db.select().from(policyInstalments).where(inArray(policyInstalments.policyId, ids)).orderBy(asc(policyInstalments.number)),
    db
      .select({ payment: payments, recorder: { firstName: users.firstName, lastName: users.lastName, email: users.email } })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.recordedBy))
      .where(inArray(payments.policyId, ids))
      .orderBy(asc(payments.sequence)),
    db
      .select({ policyId: cancellationRequests.policyId })
      .from(cancellationRequests)
      .where(and(inArray(cancellationRequests.policyId, ids), eq(cancellationRequests.status, 'PENDING'))),
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(inArray(users.id, rows.map((row) => row.ownerId))),
    db
      .select({ year: seasons.year, paymentDeadline: seasons.paymentDeadline })
      .from(seasons)
      .where(inArray(seasons.year, [...new Set(rows.map((row) => row.seasonYear))])),
  ]);
  const pendingIds = new Set(pending.map((request) => request.policyId));
  return rows.map((row) => {
    const payable = row.discountedPremiumCents ?? row.premiumCents;
    const schedule = instalments.filter((instalment) => instalment.policyId === row.id);
    // Only a policy still taking payments can be late: a canceled or issued one owes nothing now.
    const collecting = row.status === 'PAYMENT_PENDING';
    let covered = row.paidCents;
    const scheduleView = schedule.map((instalment): InstalmentView => {
      const paid = Math.min(instalment.amountCents, covered);
      covered -= paid;
      const state = paid === instalment.amountCents ? 'PAID' : collecting && instalment.dueDate < today ? 'OVERDUE' : paid > 0 ? 'PARTLY_PAID' : 'DUE';
      return { number: instalment.number, dueDate: instalment.dueDate, amount: moneyView(instalment.amountCents), paid: moneyView(paid), state };
    });
    const due = collecting
      ? minDue({ plan: row.paymentPlan, totalCents: payable, instalments: schedule }, Math.min(row.paidCents, payable), today)
      : { amountCents: 0, dueDate: null, overdue: false };
    const holder = holders.find((user) => user.id === row.ownerId);
    // A cancelled policy owes nothing: what was paid is a refund due (issue 20 item 3).
    const outstanding = stillOwedCents({ status: row.status, payableCents: payable, paidCents: row.paidCents });
    return {
      policyId: row.id,
      ownerId: row.ownerId,
      policyNumber: row.policyNumber,
      type: row.type,
      status: row.status,
      paymentState: paymentState(payable, row.paidCents),
      holderName: holder ? fullName(holder) : '',
      countryName: isCountryCode(row.country) ? COUNTRIES[row.country].name : row.country,
      optionLabel: isOptionId(row.optionId) ? OPTION_LABELS[row.optionId] : row.optionId,
      paymentPlan: row.paymentPlan,
      paymentChannel: row.paymentChannel,
      bankTransferReference: row.bankTransferReference,
      purchasedAt: row.purchasedAt.toISOString(),
      purchaseDate: localIsoDate(row.purchasedAt),
      paymentDeadline: seasonRows.find((season) => season.year === row.seasonYear)?.paymentDeadline ?? null,
      coverage: moneyView(row.coverageCents),
      premium: moneyView(row.premiumCents),
      payable: moneyView(payable),
      paid: moneyView(row.paidCents),
      outstanding: moneyView(outstanding),
      refundDue: moneyView(row.refundDueCents),
      minDue: { amount: moneyView(due.amountCents), dueDate: due.dueDate, overdue: due.overdue },
      schedule: scheduleView,
      payments: paymentRows
        .filter(({ payment }) => payment.policyId === row.id)
        .map(({ payment, recorder }) => ({
          id: payment.id,
          receiptNumber: formatReceiptNumber(payment.sequence),
          amount: moneyView(payment.amountCents),
          channel: payment.channel,
          reference: payment.reference,
          paidOn: payment.paidOn,
          recordedAt: payment.recordedAt.toISOString(),
          recordedBy: fullName(recorder),
          outstandingAfter: moneyView(payment.outstandingAfterCents),
          receiptUrl: receiptUrl(payment.id),
        })),
      cancellationPending: pendingIds.has(row.id),
      acceptsPayments: row.status === 'PAYMENT_PENDING' && outstanding > 0,
      hasContract: row.contractFileId !== null,
    };
  });
}

export async function findPolicyByNumber(db: Db, policyNumber: string): Promise<PolicyRow | undefined> {
  const [row] = await db.select().from(policies).where(eq(policies.policyNumber, policyNumber)).limit(1);
  return row;
}

export function findPoliciesOfEmail(db: Db, email: string): Promise<PolicyRow[]> {
  return db
    .select({ policy: policies })
    .from(policies)
    .innerJoin(users, eq(users.id, policies.ownerId))
    .where(eq(users.email, email))
    .orderBy(desc(policies.purchasedAt))
    .limit(20)
    .then((rows) => rows.map((row) => row.policy));
}
