import { formatDayMonthYear, formatMoney, type ReminderKind } from '@fhp/domain';
import { BRAND, emailLayout, html, type RenderedEmail } from '../notifications';

/**
 * The lifecycle's messages (issue 7). Subjects hold only our own policy numbers; every value that
 * came from a person (names, an admin's comment) is escaped in the HTML by the `html` tag.
 */

function render(subject: string, paragraphs: string[]): RenderedEmail {
  return {
    subject,
    text: paragraphs.join('\n\n'),
    html: emailLayout(html`${paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}`),
  };
}

export function contractIssuedEmail(input: { holderName: string; policyNumber: string; coverStart: string; coverEnd: string; explorerUrl: string }): RenderedEmail {
  return render(`Your policy ${input.policyNumber} is issued`, [
    `Dear ${input.holderName},`,
    `Your premium has been paid in full and your ${BRAND} policy ${input.policyNumber} is now issued. Your contract is attached to this email as a PDF.`,
    `Cover runs from ${formatDayMonthYear(input.coverStart)} to ${formatDayMonthYear(input.coverEnd)}. If a covered storm passes close to your island in that time, the payout reaches your credit union account within 15 days: no claim is needed.`,
    `The issue of your policy is recorded on our proof ledger: ${input.explorerUrl}`,
  ]);
}

export function canceledForNonPaymentEmail(input: { holderName: string; policyNumber: string; deadline: string; refundDueCents: number }): RenderedEmail {
  const refund =
    input.refundDueCents > 0
      ? `The ${formatMoney(input.refundDueCents)} you paid will be refunded; our team will contact you about it.`
      : 'No payment was received, so nothing is owed either way.';
  return render(`Your provisional policy ${input.policyNumber} is canceled`, [
    `Dear ${input.holderName},`,
    `The premium of your provisional policy ${input.policyNumber} was not paid in full by the payment deadline (${formatDayMonthYear(input.deadline)}), so the policy has been canceled.`,
    refund,
  ]);
}

export function cancellationDecisionEmail(input: {
  holderName: string;
  policyNumber: string;
  approved: boolean;
  comment: string | null;
  refundDueCents: number;
}): RenderedEmail {
  if (input.approved) {
    return render(`Your policy ${input.policyNumber} is canceled`, [
      `Dear ${input.holderName},`,
      `Your request to cancel policy ${input.policyNumber} has been approved and the policy is canceled.`,
      input.refundDueCents > 0 ? `The ${formatMoney(input.refundDueCents)} you paid will be refunded; our team will contact you about it.` : 'No payment was received, so nothing is owed either way.',
      ...(input.comment ? [`Comment from our team: ${input.comment}`] : []),
    ]);
  }
  return render(`Your cancellation request for ${input.policyNumber}`, [
    `Dear ${input.holderName},`,
    `Your request to cancel policy ${input.policyNumber} was not approved. The policy stays as it was.`,
    `Comment from our team: ${input.comment ?? ''}`,
  ]);
}

export interface ReminderInput {
  holderName: string;
  policyNumber: string;
  kind: ReminderKind;
  instalmentNumber: number;
  dueDate: string;
  owedCents: number;
  paymentDeadline: string;
}

function reminderSentence(input: ReminderInput): string {
  const amount = formatMoney(input.owedCents);
  const due = formatDayMonthYear(input.dueDate);
  return input.kind === 'UPCOMING'
    ? `Instalment ${input.instalmentNumber} of policy ${input.policyNumber}, ${amount}, is due by ${due}.`
    : `Instalment ${input.instalmentNumber} of policy ${input.policyNumber}, ${amount}, was due by ${due} and has not been paid.`;
}

export function reminderEmail(input: ReminderInput): RenderedEmail {
  return render(
    input.kind === 'UPCOMING' ? `Payment reminder for policy ${input.policyNumber}` : `Missed payment on policy ${input.policyNumber}`,
    [
      `Dear ${input.holderName},`,
      reminderSentence(input),
      `Pay at a partner credit union or by bank transfer. The full premium must be paid by ${formatDayMonthYear(input.paymentDeadline)}, or the policy is canceled.`,
    ],
  );
}

export function reminderSms(input: ReminderInput): string {
  return `${BRAND}: ${reminderSentence(input)} Full premium due by ${formatDayMonthYear(input.paymentDeadline)}.`;
}
