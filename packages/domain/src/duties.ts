/**
 * Product-decisions "Duties": nobody acts as staff on their own records. A teller or an admin who
 * holds a policy (or whose KYC documents or payout it is) cannot record its payments, decide its
 * cancellation request, review their own documents or record their own payout's wire; another
 * staff member does. One check, one sentence per duty, read by the server and the staff pages.
 */

export const OWN_RECORD_DUTIES = ['payment', 'cancellation', 'kyc', 'payoutWire'] as const;
export type OwnRecordDuty = (typeof OWN_RECORD_DUTIES)[number];

export const OWN_RECORD_MESSAGES: Readonly<Record<OwnRecordDuty, string>> = {
  payment: 'You hold this policy, so you cannot record its payments. Please ask another staff member to record this payment.', // ours
  cancellation: 'You hold this policy, so you cannot decide its cancellation request. Please ask another administrator to decide it.', // ours
  kyc: 'These are your own KYC documents, so you cannot review them. Please ask another administrator to review them.', // ours
  payoutWire: 'This payout is yours, so you cannot record its wire transfer. Please ask another administrator to record it.', // ours
};

/** The label a staff list puts beside a record of the person looking at it. */
export const OWN_RECORD_LABEL = 'Yours';

/** The refusal when the staff member `actorId` would act on a record held by `holderId`; null otherwise. */
export function ownRecordRefusal(duty: OwnRecordDuty, actorId: string | null, holderId: string): string | null {
  return actorId !== null && actorId === holderId ? OWN_RECORD_MESSAGES[duty] : null;
}
